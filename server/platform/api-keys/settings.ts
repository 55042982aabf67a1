/**
 * The API-key settings, from the environment (docs/operations.md):
 * - API_KEY_ENCRYPTION_KEY: 64 hex digits (32 bytes), the AES-256-GCM key of the HMAC secrets at
 *   rest. Unset outside production: a fixed development key. Unset in production: none, and only
 *   Ed25519 keys can be created (2612), so no secret is ever sealed with a known key.
 * - API_KEY_RATE_LIMIT_PER_MINUTE: signed requests per key per minute (default 1200).
 */
export interface ApiKeySettings {
  encryptionKey: Buffer | null
  rateLimitPerMinute: number
}

/** Development only: it never protects a real secret. */
const DEV_ENCRYPTION_KEY = 'de7e1093c0ffee00de7e1093c0ffee00de7e1093c0ffee00de7e1093c0ffee00'

export function apiKeySettings(env: NodeJS.ProcessEnv): ApiKeySettings {
  const production = env.NODE_ENV === 'production'
  const raw = env.API_KEY_ENCRYPTION_KEY?.trim()
  let encryptionKey: Buffer | null
  if (!raw) encryptionKey = production ? null : Buffer.from(DEV_ENCRYPTION_KEY, 'hex')
  else if (/^[0-9a-fA-F]{64}$/.test(raw)) encryptionKey = Buffer.from(raw, 'hex')
  else throw new Error('API_KEY_ENCRYPTION_KEY must be 64 hex digits (32 bytes)')
  const rate = env.API_KEY_RATE_LIMIT_PER_MINUTE?.trim()
  const rateLimitPerMinute = rate ? Number.parseInt(rate, 10) : 1200
  if (
    !Number.isInteger(rateLimitPerMinute) ||
    rateLimitPerMinute < 1 ||
    String(rateLimitPerMinute) !== (rate || '1200')
  )
    throw new Error(`API_KEY_RATE_LIMIT_PER_MINUTE must be a positive integer, got "${rate}"`)
  return { encryptionKey, rateLimitPerMinute }
}
