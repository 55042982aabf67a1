import { HOTP, Secret, TOTP } from 'otpauth'

/**
 * RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits), the profile authenticator apps implement.
 * HOTP, TOTP, base32 and the key URI come from `otpauth`; this module fixes the profile and adds
 * the replay rule (a step used once never matches again).
 */
export const TOTP_STEP_SECONDS = 30
export const TOTP_DIGITS = 6
const ALGORITHM = 'SHA1'

/** A new 160-bit secret, base32 (RFC 4226 recommends at least 128 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpStep(unixMs: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: unixMs })
}

export function totpAt(secretB32: string, unixMs: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretB32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: unixMs,
  })
}

/**
 * Checks a code within +-1 step. Returns the matched step, or null. A step at or before
 * `lastUsedStep` never matches, so a code cannot be used twice.
 */
export function verifyTotp(
  secretB32: string,
  code: string,
  unixMs: number,
  lastUsedStep: number | null = null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const secret = Secret.fromBase32(secretB32)
  const now = totpStep(unixMs)
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue
    // One counter at a time (window 0), compared in constant time by the library.
    const delta = HOTP.validate({
      token: code,
      secret,
      algorithm: ALGORITHM,
      digits: TOTP_DIGITS,
      counter: step,
      window: 0,
    })
    if (delta !== null) return step
  }
  return null
}

/** The key URI authenticator apps scan (Google's Key URI format). */
export function otpauthUri(secretB32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretB32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString()
}
