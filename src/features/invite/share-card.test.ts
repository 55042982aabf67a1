import { describe, expect, it } from 'vitest'
import { inviteLink, qrPath } from './share-card'

describe('invite link and QR', () => {
  it('links to registration with the code, whatever hash the page has', () => {
    expect(inviteLink('https://x.example/app/#/pages/mine/invite', 'AB12CD34')).toBe(
      'https://x.example/app/#/pages/reg/index?inviteCode=AB12CD34',
    )
  })
  it('draws a square QR with dark modules', () => {
    const q = qrPath('https://x.example/#/pages/reg/index?inviteCode=AB12CD34')
    expect(q.size).toBeGreaterThanOrEqual(21)
    expect(q.d).toMatch(/^M\d+ \d+h1v1h-1z/)
  })
})
