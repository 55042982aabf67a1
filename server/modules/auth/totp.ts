import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** RFC 6238 TOTP (HMAC-SHA1, 30 s steps, 6 digits), the profile authenticator apps implement. */
export const TOTP_STEP_SECONDS = 30
export const TOTP_DIGITS = 6

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(buf: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of buf) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31]
  return out
}

export function base32Decode(s: string): Buffer {
  const clean = s.replace(/[=\s]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const ch of clean) {
    const idx = B32.indexOf(ch)
    if (idx < 0) throw new Error('invalid base32')
    value = (value << 5) | idx
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new 160-bit secret, base32 (RFC 4226 recommends at least 128 bits). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** HOTP (RFC 4226) for a counter. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algo = 'sha1'): string {
  const msg = Buffer.alloc(8)
  msg.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac(algo, key).update(msg).digest()
  const offset = (mac[mac.length - 1] as number) & 0x0f
  const bin = mac.readUInt32BE(offset) & 0x7fffffff
  return String(bin % 10 ** digits).padStart(digits, '0')
}

export function totpStep(unixMs: number): number {
  return Math.floor(unixMs / 1000 / TOTP_STEP_SECONDS)
}

export function totpAt(secretB32: string, unixMs: number): string {
  return hotp(base32Decode(secretB32), totpStep(unixMs))
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
  const key = base32Decode(secretB32)
  const now = totpStep(unixMs)
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue
    const expected = Buffer.from(hotp(key, step))
    if (timingSafeEqual(expected, Buffer.from(code))) return step
  }
  return null
}

export function otpauthUri(secretB32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  const params = new URLSearchParams({
    secret: secretB32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  })
  return `otpauth://totp/${label}?${params.toString()}`
}
