import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../../db/db'
import { revokeUserKeys } from '../api-keys/store'

/** How long a session lives without use; every use slides it forward. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000

export interface ResolvedSession {
  userId: string
  sessionId: string
  role: string
}

/** Tokens are 32 random bytes (base64url); only their SHA-256 is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Resolved sessions are kept in process for a few seconds: every authenticated request would
 * otherwise read the database first. This instance drops entries itself when it revokes a
 * session or changes an account (forgetSessions); another instance's change is seen once the
 * entry is this old, so the TTL bounds how long a revoked session can outlive its revocation
 * there.
 */
export const SESSION_CACHE_TTL_MS = 5_000
const SESSION_CACHE_MAX = 10_000

interface CachedSession {
  session: ResolvedSession
  /** Reused until then, */
  until: number
  /** and never past the session's own expiry. */
  expiresAt: number
}

/** By token hash. Only live sessions are cached: unknown tokens cannot fill it. */
const sessionCache = new Map<string, CachedSession>()
/** Bumped by every forget: a read that started before it must not cache what it saw. */
let sessionGeneration = 0

export type SessionFilter = { userId: string } | { sessionId: string }
const sessionListeners = new Set<(filter: SessionFilter) => void>()

/**
 * Told (synchronously) whenever forgetSessions runs: a session ended or its account changed
 * (logout, revoke, password change or reset, freeze, role change). Long-lived connections
 * (the socket hub) drop what those sessions opened and check them again. Returns the remover.
 */
export function onSessionsChanged(listener: (filter: SessionFilter) => void): () => void {
  sessionListeners.add(listener)
  return () => {
    sessionListeners.delete(listener)
  }
}

/**
 * Drops cached sessions (all of a user's, or one) so the next request reads the database, and
 * tells the onSessionsChanged listeners. Call after the change is committed.
 */
export function forgetSessions(filter: SessionFilter): void {
  sessionGeneration++
  for (const [k, c] of sessionCache)
    if ('userId' in filter ? c.session.userId === filter.userId : c.session.sessionId === filter.sessionId)
      sessionCache.delete(k)
  for (const listener of sessionListeners) listener(filter)
}

/**
 * The session behind a bearer token, or null when the token is unknown, revoked, expired or
 * belongs to a disabled account. Refreshes last-seen time and expiry (throttled).
 */
export async function resolveToken(db: Db, token: string): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null
  const hash = hashToken(token)
  const now = Date.now()
  const hit = sessionCache.get(hash)
  if (hit) {
    if (now < hit.until && now < hit.expiresAt) return hit.session
    sessionCache.delete(hash)
  }
  const generation = sessionGeneration
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 's.expires_at', 's.revoked_at', 's.last_seen_at', 'u.role', 'u.status'])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst()
  if (!row || row.revoked_at) return null
  let expiresAt = new Date(row.expires_at).getTime()
  if (expiresAt <= now) return null
  // Frozen accounts keep their sessions: they may look, not move funds (server/http/guards.ts).
  if (row.status === 'closed') return null
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    expiresAt = now + SESSION_IDLE_MS
    await db
      .updateTable('user_session')
      .set({ last_seen_at: new Date(now), expires_at: new Date(expiresAt) })
      .where('id', '=', row.id)
      .execute()
  }
  const session = { userId: row.user_id, sessionId: row.id, role: row.role }
  if (generation === sessionGeneration) {
    if (sessionCache.size >= SESSION_CACHE_MAX) {
      const oldest = sessionCache.keys().next().value
      if (oldest !== undefined) sessionCache.delete(oldest)
    }
    sessionCache.set(hash, { session, until: now + SESSION_CACHE_TTL_MS, expiresAt })
  }
  return session
}

/** Opens a session and returns its token (shown to the client once, never stored). */
export async function createSession(
  db: Db,
  userId: string,
  meta: { ip: string; userAgent: string },
): Promise<{ token: string; sessionId: string }> {
  const token = newToken()
  const sessionId = randomUUID()
  await db
    .insertInto('user_session')
    .values({
      id: sessionId,
      user_id: userId,
      token_hash: hashToken(token),
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 300),
      expires_at: new Date(Date.now() + SESSION_IDLE_MS),
    })
    .execute()
  return { token, sessionId }
}

/** Revoke one session of a user; false when it is not theirs or already ended. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const res = await db
    .updateTable('user_session')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  forgetSessions({ sessionId })
  return res !== undefined
}

/**
 * Revoke every session of a user, optionally keeping one (the caller's). Their API keys end too
 * (password change or reset, logout of all devices): a key is never a way around a revocation.
 */
export async function revokeAllSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db
    .updateTable('user_session')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId)
  await q.execute()
  await revokeUserKeys(db, userId, 'all sessions ended')
  // The kept session is dropped too: it simply reads the database once more.
  forgetSessions({ userId })
}
