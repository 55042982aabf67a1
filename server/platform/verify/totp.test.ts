import { HOTP, Secret, TOTP, URI } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { newTotpSecret, otpauthUri, totpAt, totpStep, verifyTotp } from './totp'

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const SEED = Secret.fromLatin1('12345678901234567890')
const SECRET = SEED.base32

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
      expect(TOTP.generate({ secret: SEED, digits: 8, timestamp: t * 1000 })).toBe(code8)
      expect(totpAt(SECRET, t * 1000)).toBe(code8.slice(2))
      expect(totpStep(t * 1000)).toBe(Math.floor(t / 30))
    }
  })

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676']
    for (const [i, code] of expected.entries()) expect(HOTP.generate({ secret: SEED, counter: i })).toBe(code)
  })

  it('accepts one step either side and nothing further', () => {
    const t = 1_700_000_000_000
    expect(verifyTotp(SECRET, totpAt(SECRET, t - 30_000), t)).toBe(totpStep(t) - 1)
    expect(verifyTotp(SECRET, totpAt(SECRET, t), t)).toBe(totpStep(t))
    expect(verifyTotp(SECRET, totpAt(SECRET, t + 30_000), t)).toBe(totpStep(t) + 1)
    expect(verifyTotp(SECRET, totpAt(SECRET, t - 90_000), t)).toBeNull()
    expect(verifyTotp(SECRET, totpAt(SECRET, t + 90_000), t)).toBeNull()
    expect(verifyTotp(SECRET, 'abcdef', t)).toBeNull()
    expect(verifyTotp(SECRET, '12345', t)).toBeNull()
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

  it('makes 160-bit base32 secrets and an otpauth URI an authenticator reads back', () => {
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(Secret.fromBase32(secret).bytes.length).toBe(20)
    expect(newTotpSecret()).not.toBe(secret)

    const uri = otpauthUri(SECRET, 'a@b.co', 'Open Exchange')
    expect(uri).toMatch(/^otpauth:\/\/totp\/Open%20Exchange:a%40b\.co\?/)
    const parsed = URI.parse(uri)
    expect(parsed).toBeInstanceOf(TOTP)
    expect(parsed).toMatchObject({ issuer: 'Open Exchange', label: 'a@b.co', digits: 6, period: 30 })
    expect((parsed as TOTP).algorithm).toBe('SHA1')
    expect(parsed.secret.base32).toBe(SECRET)
  })
})
