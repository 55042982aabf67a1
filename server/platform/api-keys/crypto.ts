import {
  createHmac,
  createPublicKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
  verify,
} from 'node:crypto'

/** Pure signing primitives of API keys (no I/O): key material, HMAC and Ed25519 checks. */

/** The name a program sends in X-API-KEY: 32 hex digits. */
export function newApiKeyName(): string {
  return randomBytes(16).toString('hex')
}

/** An HMAC secret: 64 hex digits (used as the UTF-8 key of HMAC-SHA256, as ccxt does). */
export function newHmacSecret(): string {
  return randomBytes(32).toString('hex')
}

/** HMAC-SHA256 of `message` under `secret`, lower-case hex. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex')
}

/** Constant-time check of a hex HMAC signature (any case). */
export function hmacMatches(secret: string, message: string, signatureHex: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signatureHex)) return false
  const expected = Buffer.from(hmacHex(secret, message), 'hex')
  return timingSafeEqual(expected, Buffer.from(signatureHex, 'hex'))
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * An Ed25519 public key as a user pastes it: PEM (SPKI), base64 of the SPKI DER, or the raw 32
 * bytes in base64 or hex. Returns the raw key in base64, or null when it is none of those.
 */
export function normalizeEd25519PublicKey(input: string): string | null {
  const text = input.trim()
  let der: Buffer | null = null
  if (text.startsWith('-----BEGIN')) {
    const m = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/.exec(text)
    if (!m?.[1]) return null
    der = Buffer.from(m[1].replace(/\s+/g, ''), 'base64')
  } else if (/^[0-9a-fA-F]{64}$/.test(text)) {
    der = Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(text, 'hex')])
  } else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text, 'base64')
    if (bytes.length === 32) der = Buffer.concat([SPKI_ED25519_PREFIX, bytes])
    else if (bytes.length === 44) der = bytes
  }
  if (der?.length !== 44 || !der.subarray(0, 12).equals(SPKI_ED25519_PREFIX)) return null
  try {
    createPublicKey({ key: der, format: 'der', type: 'spki' })
  } catch {
    return null
  }
  return der.subarray(12).toString('base64')
}

/** The KeyObject of a stored raw Ed25519 key (base64). */
export function ed25519KeyObject(rawBase64: string): KeyObject {
  const der = Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(rawBase64, 'base64')])
  return createPublicKey({ key: der, format: 'der', type: 'spki' })
}

/** Checks a base64 (or base64url) Ed25519 signature of `message`. */
export function ed25519Matches(key: KeyObject, message: string, signatureB64: string): boolean {
  if (!/^[A-Za-z0-9+/_-]{86}(==)?$/.test(signatureB64)) return false
  const sig = Buffer.from(signatureB64, 'base64')
  if (sig.length !== 64) return false
  try {
    return verify(null, Buffer.from(message), key, sig)
  } catch {
    return false
  }
}
