import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, hotp, otpauthUri, totpAt, verifyTotp } from './totp'

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const SEED = Buffer.from('12345678901234567890')
const SECRET = base32Encode(SEED)

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC 6238 SHA-1 test vectors (last 6 of the 8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [t, code8] of vectors) {
      expect(hotp(SEED, Math.floor(t / 30), 8)).toBe(code8)
      expect(totpAt(SECRET, t * 1000)).toBe(code8.slice(2))
    }
  })

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676']
    for (const [i, code] of expected.entries()) expect(hotp(SEED, i)).toBe(code)
  })

  it('accepts one step either side and nothing further', () => {
    const t = 1_700_000_000_000
    expect(verifyTotp(SECRET, totpAt(SECRET, t - 30_000), t)).not.toBeNull()
    expect(verifyTotp(SECRET, totpAt(SECRET, t + 30_000), t)).not.toBeNull()
    expect(verifyTotp(SECRET, totpAt(SECRET, t - 90_000), t)).toBeNull()
    expect(verifyTotp(SECRET, totpAt(SECRET, t + 90_000), t)).toBeNull()
    expect(verifyTotp(SECRET, 'abcdef', t)).toBeNull()
  })

  it('refuses a code whose step was already used', () => {
    const t = 1_700_000_000_000
    const code = totpAt(SECRET, t)
    const step = verifyTotp(SECRET, code, t)
    expect(step).not.toBeNull()
    expect(verifyTotp(SECRET, code, t, step)).toBeNull()
    // The next step's code is still fine.
    expect(verifyTotp(SECRET, totpAt(SECRET, t + 30_000), t + 30_000, step)).not.toBeNull()
  })

  it('round-trips base32 and builds an otpauth URI', () => {
    expect(base32Decode(SECRET).equals(SEED)).toBe(true)
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    const uri = otpauthUri(SECRET, 'a@b.co', 'Open Exchange')
    expect(uri).toMatch(/^otpauth:\/\/totp\/Open%20Exchange%3Aa%40b\.co\?secret=GEZD/)
    expect(uri).toContain('issuer=Open+Exchange')
  })
})
