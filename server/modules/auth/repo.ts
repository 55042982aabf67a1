import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithMore } from '../../db/page'
import { columnOf } from '../../db/rows'
import type { UsersTable } from '../../db/schema'
import type { Tx } from '../../ledger/ledger'

/*
 * The accounts' queries: who holds an address or a code, new accounts, the login record and its
 * lock-out count, the second-step challenges, and the changes the security centre makes.
 */

// ---- accounts ----

/** Whether an account holds this phone (its key) or e-mail. */
export async function contactTaken(db: Db, column: 'phone' | 'email', value: string): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst()) !== undefined
  )
}

/** The account an invitation code belongs to. */
export async function inviterOf(db: Db, code: string): Promise<string | null> {
  const ref = await db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst()
  return ref?.id ?? null
}

export async function insertUser(db: Tx, values: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(values).execute()
}

/** Changes an account's own fields (profile, contacts, passwords, second factor, switches). */
export async function updateUser(db: Db, id: string, set: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(set).where('id', '=', id).execute()
}

/** Binds a contact only while the account has none of that kind (a race binds one). */
export async function bindContact(
  db: Db,
  id: string,
  set: { email: string } | { phone: string; phone_country: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set(set)
    .where('id', '=', id)
    .where('email' in set ? 'email' : 'phone', 'is', null)
    .execute()
}

/** Binds the authenticator offered before, unless one was bound meanwhile. */
export async function bindTotp(db: Db, id: string, secret: string, step: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step, google_verify: true })
    .where('id', '=', id)
    .where('totp_secret', 'is', null)
    .execute()
}

/** The anti-phishing code of the account holding an e-mail (shown in every e-mail to it). */
export async function antiPhishingOf(db: Db, email: string): Promise<string | null> {
  return (await columnOf(db, 'users', 'anti_phishing', 'email', email)) ?? null
}

// ---- the login record ----

/**
 * Takes a login attempt's place in the count, serialized per account and address: null when the
 * address has failed too often lately, else the id of the attempt, recorded as a failure until
 * its password proves right (dropAttempt).
 */
export async function startAttempt(
  db: Db,
  a: { account: string; userId: string | null; ip: string; userAgent: string },
  limit: { failures: number; windowMs: number },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${a.account}:${a.ip}`}, 0))`.execute(trx)
    const failures = await trx
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', '=', a.account)
      .where('ip', '=', a.ip)
      .where('success', '=', false)
      .where('created_at', '>', new Date(Date.now() - limit.windowMs))
      .executeTakeFirstOrThrow()
    if (Number(failures.n) >= limit.failures) return null
    const row = await trx
      .insertInto('login_attempt')
      .values({ account: a.account, user_id: a.userId, ip: a.ip, user_agent: a.userAgent, success: false })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  })
}

export async function dropAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_attempt').where('id', '=', id).execute()
}

/** Records a login (or a registration's first session) in the login history. */
export async function recordLogin(
  db: Db,
  a: { account: string; userId: string; ip: string; userAgent: string },
): Promise<void> {
  await db
    .insertInto('login_attempt')
    .values({ account: a.account, user_id: a.userId, ip: a.ip, user_agent: a.userAgent, success: true })
    .execute()
}

/** A user's login history, newest first, one page. */
export function loginHistoryPage(db: Db, userId: string, q: PageQuery) {
  const query = db
    .selectFrom('login_attempt')
    .select(['id', 'ip', 'user_agent', 'success', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
  return pageWithMore(query, q)
}

/** A user's live sessions, most recently seen first (at most `limit`). */
export function liveSessions(db: Db, userId: string, limit?: number) {
  let q = db
    .selectFrom('user_session')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
  if (limit) q = q.limit(limit)
  return q.execute()
}

// ---- second-step challenges ----

export async function insertChallenge(
  db: Db,
  c: { id: string; userId: string; ip: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_challenge')
    .values({ id: c.id, user_id: c.userId, ip: c.ip, expires_at: c.expiresAt })
    .execute()
}

export function challengeOf(db: Db, id: string) {
  return db
    .selectFrom('login_challenge as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.attempts', 'c.expires_at', 'c.used_at', 'c.user_id'])
    .where('c.id', '=', id)
    .executeTakeFirst()
}

/** Counts one try of a live challenge (fewer than `tries` so far); false when it is spent or over. */
export async function tryChallenge(db: Db, id: string, tries: number): Promise<boolean> {
  const tried = await db
    .updateTable('login_challenge')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', tries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('attempts')
    .executeTakeFirst()
  return tried !== undefined
}

/** Ends a challenge, once; false when another request ended it first. */
export async function endChallenge(db: Db, id: string): Promise<boolean> {
  const used = await db
    .updateTable('login_challenge')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return used !== undefined
}
