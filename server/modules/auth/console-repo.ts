import type { Db } from '../../db/db'
import { type PageQuery, pageWithTotal } from '../../db/page'
import { holderPostings, POSTING_LINE } from '../../db/rows'
import type { Tx } from '../../ledger/ledger'
import { liveSessions } from './repo'

const likeAny = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`

/** The identity review queue: one status, pending oldest first, the others newest first. */
export function identityPage(db: Db, q: PageQuery & { status: string }) {
  const base = db
    .selectFrom('identity as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .where('i.advanced_status', '=', q.status as 'pending')
  return pageWithTotal(base, q, (b) =>
    b
      .select([
        'i.user_id',
        'u.uid',
        'u.email',
        'u.phone',
        'i.nationality',
        'i.real_name',
        'i.id_number',
        'i.advanced_status',
        'i.reject_reason',
        'i.submitted_at',
        'i.basic_at',
        'i.reviewed_at',
        'i.front_upload_id',
        'i.back_upload_id',
        'i.hand_upload_id',
      ])
      .orderBy(
        q.status === 'pending' ? 'i.submitted_at' : 'i.basic_at',
        q.status === 'pending' ? 'asc' : 'desc',
      ),
  )
}

/** A user's identity review state, locked for the decision. */
export function lockIdentity(trx: Tx, userId: string) {
  return trx
    .selectFrom('identity')
    .select(['advanced_status', 'reject_reason'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
}

export async function decideIdentity(
  trx: Tx,
  userId: string,
  d: { status: 'verified' | 'failed'; reason: string | null; reviewerId: string },
): Promise<void> {
  await trx
    .updateTable('identity')
    .set({
      advanced_status: d.status,
      reject_reason: d.reason,
      reviewed_at: new Date(),
      reviewer_id: d.reviewerId,
    })
    .where('user_id', '=', userId)
    .execute()
}

/**
 * Users by id, e-mail (part), phone digits (part) or UID, and status; newest UID first. A term
 * of digits and '+' also looks in phone numbers, one of up to 9 digits also matches the UID.
 */
export function usersPage(db: Db, q: PageQuery & { q?: string; status?: 'active' | 'frozen' }) {
  let base = db.selectFrom('users as u').leftJoin('identity as i', 'i.user_id', 'u.id')
  const term = q.q?.trim()
  if (term) {
    base = base.where((eb) => {
      const ors = [eb('u.id', '=', term), eb('u.email', 'ilike', likeAny(term))]
      ors.push(eb('u.phone', 'like', `%${term.replace(/[^\d+]/g, '')}%`))
      if (/^\d{1,9}$/.test(term)) ors.push(eb('u.uid', '=', Number(term)))
      return eb.or(/^[\d+]+$/.test(term) ? ors : ors.slice(0, 2))
    })
  }
  if (q.status) base = base.where('u.status', '=', q.status)
  return pageWithTotal(base, q, (b) =>
    b
      .select([
        'u.id',
        'u.uid',
        'u.email',
        'u.phone',
        'u.nickname',
        'u.role',
        'u.status',
        'u.created_at',
        'i.advanced_status',
      ])
      .orderBy('u.uid', 'desc'),
  )
}

/** A user's account, identity and live sessions (the console's user page). */
export async function userDetail(db: Db, userId: string) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) return null
  const identity = await db
    .selectFrom('identity')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const sessions = await liveSessions(db, userId, 50)
  return { user, identity, sessions }
}

/** A user's ledger postings with their entries, newest first. */
export function ledgerPage(db: Db, q: PageQuery & { userId: string }) {
  return pageWithTotal(holderPostings(db, q.userId), q, (b) =>
    b.select([...POSTING_LINE, 'e.memo', 'e.actor_id']).orderBy('p.id', 'desc'),
  )
}

/** The account an operator acts on (status and second factor). */
export function accountOf(db: Tx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'status', 'email', 'phone', 'totp_secret', 'google_verify'])
    .where('id', '=', userId)
    .executeTakeFirst()
}

export async function userExists(db: Tx, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
}

export async function setUserStatus(trx: Tx, userId: string, status: 'active' | 'frozen'): Promise<void> {
  await trx.updateTable('users').set({ status }).where('id', '=', userId).execute()
}

/** Unbinds the authenticator: the user binds it again at the next sign-in that asks for it. */
export async function clearSecondFactor(trx: Tx, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, google_verify: false })
    .where('id', '=', userId)
    .execute()
}
