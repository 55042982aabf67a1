import type { KeyObject } from 'node:crypto'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import { type ApiKeyScope, type ApiKeyType, type ApiKeyView, normalizeScopes } from '@common/apikey/schema'
import type { Db } from '../../db/db'
import { decryptSecret } from './cipher'
import { ed25519KeyObject } from './crypto'

/**
 * The API-key store: rows of `api_key` (migration 026), and a short in-process cache of the
 * resolved keys (secret decrypted once, allowlist compiled), like the session cache: a change
 * made here drops the entry at once; a change made by another process is seen within the TTL.
 * Anything that ends a user's sessions (forgetSessions: password change, freeze, logout of all
 * devices, role change) drops that user's keys from the cache too.
 */

export const KEY_CACHE_TTL_MS = 5_000
const KEY_CACHE_MAX = 10_000
/** last_used_at is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000

/** A key resolved for verification. The secret never leaves the platform layer. */
export interface ResolvedKey {
  /** The row id (what the owner and the console name it by). */
  id: string
  /** The public name sent in X-API-KEY (or ccxt's api-key). */
  apiKey: string
  userId: string
  type: ApiKeyType
  scopes: readonly ApiKeyScope[]
  ips: readonly string[]
  /** null: every address is allowed. */
  allow: BlockList | null
  secret: string | null
  publicKey: KeyObject | null
  revoked: boolean
  /** The owner's account status: a key works only while it is `active`. */
  userStatus: string
  lastUsedAt: number
}

interface Cached {
  key: ResolvedKey
  until: number
}
const cache = new Map<string, Cached>()
let generation = 0

function forgetWhere(match: (k: ResolvedKey) => boolean): void {
  generation++
  for (const [name, c] of cache) if (match(c.key)) cache.delete(name)
}

/** Drops a user's cached keys (after a change is committed). */
export function forgetUserKeys(userId: string): void {
  forgetWhere((k) => k.userId === userId)
}

/** Compiles an allowlist (addresses and CIDR blocks); null when it is empty. */
export function compileAllowlist(ips: readonly string[]): BlockList | null {
  if (ips.length === 0) return null
  const list = new BlockList()
  for (const entry of ips) {
    const [addr = '', prefix] = entry.split('/')
    const family = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null
    if (!family) continue
    if (prefix === undefined) list.addAddress(addr, family)
    else list.addSubnet(addr, Number(prefix), family)
  }
  return list
}

/** True when `ip` may use a key with this allowlist (IPv4-mapped IPv6 addresses count as IPv4). */
export function ipAllowed(allow: BlockList | null, ip: string): boolean {
  if (!allow) return true
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip
  if (isIPv4(plain)) return allow.check(plain, 'ipv4')
  if (isIPv6(plain)) return allow.check(plain, 'ipv6')
  return false
}

/** The key named `apiKey`, resolved (cached), or null when no such key exists. */
export async function resolveKey(db: Db, apiKey: string): Promise<ResolvedKey | null> {
  if (!/^[0-9a-f]{32}$/.test(apiKey)) return null
  const now = Date.now()
  const hit = cache.get(apiKey)
  if (hit) {
    if (now < hit.until) return hit.key
    cache.delete(apiKey)
  }
  const seen = generation
  const row = await db
    .selectFrom('api_key as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select([
      'k.id',
      'k.api_key',
      'k.user_id',
      'k.type',
      'k.scopes',
      'k.ips',
      'k.secret_enc',
      'k.public_key',
      'k.revoked_at',
      'k.last_used_at',
      'u.status',
    ])
    .where('k.api_key', '=', apiKey)
    .executeTakeFirst()
  if (!row) return null
  const revoked = row.revoked_at !== null
  const key: ResolvedKey = {
    id: row.id,
    apiKey: row.api_key,
    userId: row.user_id,
    type: row.type,
    scopes: normalizeScopes(row.scopes as ApiKeyScope[]),
    ips: row.ips,
    allow: compileAllowlist(row.ips),
    secret: !revoked && row.type === 'hmac' && row.secret_enc ? decryptSecret(row.secret_enc) : null,
    publicKey: !revoked && row.type === 'ed25519' && row.public_key ? ed25519KeyObject(row.public_key) : null,
    revoked,
    userStatus: row.status,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).getTime() : 0,
  }
  if (seen === generation) {
    if (cache.size >= KEY_CACHE_MAX) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(apiKey, { key, until: now + KEY_CACHE_TTL_MS })
  }
  return key
}

/** Records a use (throttled to once a minute per key). */
export async function touchKey(db: Db, key: ResolvedKey, now = Date.now()): Promise<void> {
  if (now - key.lastUsedAt < TOUCH_EVERY_MS) return
  key.lastUsedAt = now
  await db
    .updateTable('api_key')
    .set({ last_used_at: new Date(now) })
    .where('id', '=', key.id)
    .execute()
}

type KeyRow = {
  id: string
  api_key: string
  label: string
  type: ApiKeyType
  scopes: string[]
  ips: string[]
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
  revoked_reason: string | null
}

const VIEW_COLUMNS = [
  'id',
  'api_key',
  'label',
  'type',
  'scopes',
  'ips',
  'created_at',
  'last_used_at',
  'revoked_at',
  'revoked_reason',
] as const

function view(r: KeyRow): ApiKeyView {
  return {
    id: r.id,
    apiKey: r.api_key,
    label: r.label,
    type: r.type,
    scopes: normalizeScopes(r.scopes as ApiKeyScope[]),
    ips: r.ips,
    createdAt: new Date(r.created_at).getTime(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).getTime() : null,
    revokedAt: r.revoked_at ? new Date(r.revoked_at).getTime() : null,
    revokedReason: r.revoked_reason,
  }
}

/** A user's keys, newest first; `live` leaves out revoked ones. Never a secret. */
export async function listKeys(db: Db, userId: string, opts: { live?: boolean } = {}): Promise<ApiKeyView[]> {
  let q = db.selectFrom('api_key').select(VIEW_COLUMNS).where('user_id', '=', userId)
  if (opts.live) q = q.where('revoked_at', 'is', null)
  const rows = await q.orderBy('created_at', 'desc').orderBy('id').execute()
  return rows.map(view)
}

export async function findKeyView(db: Db, id: string): Promise<(ApiKeyView & { userId: string }) | null> {
  const r = await db
    .selectFrom('api_key')
    .select([...VIEW_COLUMNS, 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  return r ? { ...view(r), userId: r.user_id } : null
}

export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('api_key')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

export async function insertKey(
  db: Db,
  row: {
    id: string
    apiKey: string
    userId: string
    label: string
    type: ApiKeyType
    scopes: ApiKeyScope[]
    ips: string[]
    secretEnc: string | null
    publicKey: string | null
  },
): Promise<void> {
  await db
    .insertInto('api_key')
    .values({
      id: row.id,
      api_key: row.apiKey,
      user_id: row.userId,
      label: row.label,
      type: row.type,
      scopes: JSON.stringify(row.scopes),
      ips: JSON.stringify(row.ips),
      secret_enc: row.secretEnc,
      public_key: row.publicKey,
    })
    .execute()
}

/** Changes a live key of `userId`; false when there is no such live key. */
export async function updateKeyRow(
  db: Db,
  userId: string,
  id: string,
  change: { label?: string; scopes?: ApiKeyScope[]; ips?: string[] },
): Promise<boolean> {
  const res = await db
    .updateTable('api_key')
    .set({
      updated_at: new Date(),
      ...(change.label !== undefined ? { label: change.label } : {}),
      ...(change.scopes !== undefined ? { scopes: JSON.stringify(change.scopes) } : {}),
      ...(change.ips !== undefined ? { ips: JSON.stringify(change.ips) } : {}),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  forgetUserKeys(userId)
  return res !== undefined
}

/**
 * Revokes one live key (the owner's delete, or the console with a reason); the secret is wiped.
 * Returns false when the key was already revoked or does not exist.
 */
export async function revokeKey(
  db: Db,
  id: string,
  by: { reason: string; actorId: string; userId?: string },
): Promise<boolean> {
  let q = db
    .updateTable('api_key')
    .set({ revoked_at: new Date(), revoked_reason: by.reason, revoked_by: by.actorId, secret_enc: null })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
  if (by.userId) q = q.where('user_id', '=', by.userId)
  const res = await q.returning('user_id').executeTakeFirst()
  if (res) forgetUserKeys(res.user_id)
  return res !== undefined
}

/**
 * Ends every key of a user: what ends their sessions ends their keys (password change or reset,
 * logout of all devices, freeze, a Google-authenticator reset). `reason` is recorded on each key.
 */
export async function revokeUserKeys(
  db: Db,
  userId: string,
  reason: string,
  actorId = userId,
): Promise<number> {
  const res = await db
    .updateTable('api_key')
    .set({ revoked_at: new Date(), revoked_reason: reason, revoked_by: actorId, secret_enc: null })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
  forgetUserKeys(userId)
  return Number(res[0]?.numUpdatedRows ?? 0)
}
