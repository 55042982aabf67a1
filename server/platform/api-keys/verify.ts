import { type ApiKeyScope, RECV_WINDOW_DEFAULT, RECV_WINDOW_MAX } from '@common/apikey/schema'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { ed25519Matches, hmacMatches } from './crypto'
import { rememberSignature } from './replay'
import { ipAllowed, type ResolvedKey, resolveKey, touchKey } from './store'

/**
 * Verifying a signed request, in steps another surface can compose (the native API uses
 * verifySignedRequest; the HollaEx surface signs differently and uses verifyHmac, checkIp,
 * requireScope and rememberSignature). Each step answers one clear error code.
 */

/** Who a verified key acts for, and what it may do. */
export interface KeyPrincipal {
  /** The key's row id. */
  keyId: string
  apiKey: string
  userId: string
  scopes: readonly ApiKeyScope[]
}

/** A key that may be used right now: exists (2600), live (2604), owner's account active (1007). */
export async function liveKey(db: Db, apiKey: string): Promise<ResolvedKey> {
  const key = await resolveKey(db, apiKey)
  if (!key) throw new AppError('apiKeyInvalid')
  if (key.revoked) throw new AppError('apiKeyRevoked')
  if (key.userStatus !== 'active') throw new AppError('accountAbnormal')
  return key
}

function principal(key: ResolvedKey): KeyPrincipal {
  return { keyId: key.id, apiKey: key.apiKey, userId: key.userId, scopes: key.scopes }
}

/** The key's signature check: HMAC-SHA256 hex, or Ed25519 base64. */
function signatureMatches(key: ResolvedKey, message: string, signature: string): boolean {
  if (key.type === 'hmac') return key.secret !== null && hmacMatches(key.secret, message, signature)
  return key.publicKey !== null && ed25519Matches(key.publicKey, message, signature)
}

/**
 * For surfaces with their own string to sign (HollaEx: `METHOD + path + expires + body`): checks
 * an HMAC-SHA256 hex signature of `message` by the HMAC key `apiKey`. 2600/2604/1007 as liveKey,
 * 2601 for a wrong signature or a key that is not an HMAC key. Records the use.
 */
export async function verifyHmac(
  db: Db,
  apiKey: string,
  message: string,
  signatureHex: string,
): Promise<KeyPrincipal> {
  const key = await liveKey(db, apiKey)
  if (key.type !== 'hmac' || !signatureMatches(key, message, signatureHex))
    throw new AppError('apiKeySignatureInvalid')
  await touchKey(db, key)
  return principal(key)
}

/** 2605 unless `ip` is in the key's allowlist (an empty allowlist allows every address). */
export async function checkIp(db: Db, p: KeyPrincipal, ip: string): Promise<void> {
  const key = await liveKey(db, p.apiKey)
  if (!ipAllowed(key.allow, ip)) throw new AppError('apiKeyIpDenied')
}

/** 2606 unless the key holds `scope`. */
export function requireScope(p: KeyPrincipal, scope: ApiKeyScope): void {
  if (!p.scopes.includes(scope)) throw new AppError('apiKeyScopeMissing', { data: { scope } })
}

/** 2603 when `signature` was already accepted for this key before `until`. */
export function assertFresh(p: KeyPrincipal, signature: string, until: number): void {
  if (!rememberSignature(p.keyId, signature.toLowerCase(), until)) throw new AppError('apiKeyReplay')
}

export interface SignedRequest {
  /** X-API-KEY */
  apiKey: string | undefined
  /** X-API-TIMESTAMP (ms since the epoch) */
  timestamp: string | undefined
  /** X-API-RECV-WINDOW (ms; default 5000, at most 60000) */
  recvWindow: string | undefined
  /** X-API-SIGNATURE */
  signature: string | undefined
  method: string
  /** The path with its query, exactly as sent (`/api/spot/order/place?x=1`). */
  pathWithQuery: string
  /** The raw body as sent ('' when there is none). */
  body: string
  ip: string
  /** The scope the route asks for. */
  scope: ApiKeyScope
}

/** A timestamp may be at most this far ahead of the server's clock. */
export const FUTURE_SKEW_MS = 1000

/** The exact string a native signed request signs (docs/api.md). */
export function signingInput(timestamp: string, method: string, pathWithQuery: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`
}

/**
 * The native signed API: headers present (2613), the timestamp within its window (2602), the key
 * (2600/2604/1007), its signature (2601), the caller's address (2605), the route's scope (2606),
 * a signature never seen before in the window (2603). Returns who the key acts for.
 */
export async function verifySignedRequest(db: Db, r: SignedRequest, now = Date.now()): Promise<KeyPrincipal> {
  if (!r.apiKey || !r.timestamp || !r.signature) throw new AppError('apiKeyHeadersMissing')
  const ts = /^\d{1,16}$/.test(r.timestamp) ? Number(r.timestamp) : Number.NaN
  const window =
    r.recvWindow === undefined
      ? RECV_WINDOW_DEFAULT
      : /^\d{1,6}$/.test(r.recvWindow)
        ? Number(r.recvWindow)
        : 0
  if (
    !Number.isFinite(ts) ||
    window < 1 ||
    window > RECV_WINDOW_MAX ||
    now - ts > window ||
    ts - now > FUTURE_SKEW_MS
  )
    throw new AppError('apiKeyTimestampInvalid', { data: { serverTime: now } })
  const key = await liveKey(db, r.apiKey)
  if (!signatureMatches(key, signingInput(r.timestamp, r.method, r.pathWithQuery, r.body), r.signature))
    throw new AppError('apiKeySignatureInvalid')
  if (!ipAllowed(key.allow, r.ip)) throw new AppError('apiKeyIpDenied')
  const p = principal(key)
  requireScope(p, r.scope)
  assertFresh(p, r.signature, ts + window)
  await touchKey(db, key, now)
  return p
}
