import { sql } from 'kysely'
import type { Tx } from '../../ledger/ledger'
import type { ConvRow } from './wire'

/** Queries of the service desk (the operators' side): the queue, a user's profile and orders. */

/** The desk's queue: waiting, active, mine (active and mine) or closed; at most 100. */
export function queue(
  db: Tx,
  status: 'waiting' | 'active' | 'mine' | 'closed',
  staffId: string,
): Promise<ConvRow[]> {
  let q = db.selectFrom('service_conversation').selectAll()
  if (status === 'mine') q = q.where('status', '=', 'active').where('operator_id', '=', staffId)
  else q = q.where('status', '=', status)
  return q
    .orderBy(
      status === 'closed' ? sql`closed_at` : sql`coalesce(waiting_since, last_message_at)`,
      status === 'closed' ? 'desc' : 'asc',
    )
    .limit(100)
    .execute()
}

/** An operator takes the conversation only while it is waiting: of two at once, one gets it. */
export function takeIfWaiting(trx: Tx, id: string, staffId: string): Promise<ConvRow | undefined> {
  return trx
    .updateTable('service_conversation')
    .set({ status: 'active', operator_id: staffId })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirst()
}

/** The operator's reply is the conversation's latest line; undefined when it is not theirs (any more). */
export function answered(trx: Tx, id: string, staffId: string, at: Date, line: string, msgId: string) {
  return trx
    .updateTable('service_conversation')
    .set({ waiting_since: null, last_message: line, last_message_at: at, staff_read: msgId })
    .where('id', '=', id)
    .where('operator_id', '=', staffId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst()
}

/** What the operator sees of the user: account and identity state. */
export function profileOf(db: Tx, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('identity as i', 'i.user_id', 'u.id')
    .select(['u.uid', 'u.nickname', 'u.email', 'u.phone', 'u.status', 'u.created_at', 'i.advanced_status'])
    .where('u.id', '=', userId)
    .executeTakeFirst()
}

/** The user's 10 latest spot orders. */
export function recentSpotOrders(db: Tx, userId: string) {
  return db
    .selectFrom('spot_order')
    .select(['id', 'symbol', 'side', 'type', 'price', 'amount', 'filled', 'status', 'created_at'])
    .where('holder', '=', userId)
    .orderBy('id', 'desc')
    .limit(10)
    .execute()
}

/** A user's role (only operators and admins watch the desk). */
export async function roleOf(db: Tx, userId: string) {
  return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role
}
