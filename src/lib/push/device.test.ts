import { describe, expect, it } from 'vitest'
import { base64UrlToBytes } from './device'

describe('base64UrlToBytes', () => {
  it('decodes unpadded base64url as a VAPID key is sent', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0x04, 0x00, 0x41])
    const text = Buffer.from(bytes).toString('base64url')
    expect(text).toContain('-')
    expect([...base64UrlToBytes(text)]).toEqual([...bytes])
  })
})
