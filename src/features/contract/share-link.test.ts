import { describe, expect, it } from 'vitest'
import { shareFileName, shareLink } from './share-link'

describe('profit-share link', () => {
  it('points at registration with the invite code', () => {
    expect(shareLink('https://x.test/app/#/pages/trade/trade-leverage', 'AB12CD')).toBe(
      'https://x.test/app/#/pages/reg/index?inviteCode=AB12CD',
    )
  })
  it('falls back to the site without a usable code', () => {
    expect(shareLink('https://x.test/', undefined)).toBe('https://x.test/')
    expect(shareLink('https://x.test/', 'bad code!')).toBe('https://x.test/')
  })
  it('names the file without colons', () => {
    expect(shareFileName('BTCUSDT_PERP', 'long', 0)).toBe('BTCUSDT_PERP-long-1970-01-01T00-00-00-000Z.png')
  })
})
