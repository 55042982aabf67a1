import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { AppError } from '../../http/errors'
import { apiKeySettings } from './settings'

/**
 * HMAC secrets at rest: AES-256-GCM under API_KEY_ENCRYPTION_KEY (server/config.ts). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key rotation can tell versions apart.
 * The key is read from the environment on first use (or set by configureApiKeys); null means HMAC
 * keys are unavailable.
 */
let encryptionKey: Buffer | null | undefined

function current(): Buffer | null {
  if (encryptionKey === undefined) encryptionKey = apiKeySettings(process.env).encryptionKey
  return encryptionKey
}

export function setEncryptionKey(key: Buffer | null): void {
  if (key && key.length !== 32) throw new Error('the API-key encryption key must be 32 bytes')
  encryptionKey = key
}

function key(): Buffer {
  const k = current()
  if (!k) throw new AppError('apiKeyStoreUnavailable')
  return k
}

export function canEncrypt(): boolean {
  return current() !== null
}

export function encryptSecret(secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return ['v1', iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.')
}

/** The secret, or an AppError when the store's key is missing or is not the one it was sealed with. */
export function decryptSecret(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new AppError('apiKeyStoreUnavailable')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    throw new AppError('apiKeyStoreUnavailable')
  }
}
