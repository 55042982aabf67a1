import type { Tx } from '../../ledger/ledger'
import type { OrderRow } from './model'

/** Queries of the console's C2C pages: the appeals queue, the order search, people and merchants. */

/** Orders whose appeal is in `status`: oldest first, decided ones newest first; at most 200. */
export function appealQueue(db: Tx, status: 'open' | 'suggested' | 'decided'): Promise<OrderRow[]> {
  return db
    .selectFrom('c2c_order as o')
    .innerJoin('c2c_appeal as a', 'a.order_id', 'o.id')
    .selectAll('o')
    .where('a.status', '=', status)
    .orderBy('a.created_at', status === 'decided' ? 'desc' : 'asc')
    .limit(200)
    .execute()
}

/** Users matching a search term: e-mail, phone or UID. */
function usersMatching(db: Tx, term: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((u) =>
      u.or([u('email', '=', term.toLowerCase()), u('phone', '=', term), u(u.cast('uid', 'text'), '=', term)]),
    )
}

/** Newest first, at most 200: of a status, and matching an order id or either party's e-mail, phone or UID. */
export function searchOrders(db: Tx, q: { status?: OrderRow['status']; q?: string }): Promise<OrderRow[]> {
  let sel = db.selectFrom('c2c_order as o').selectAll('o')
  if (q.status) sel = sel.where('o.status', '=', q.status)
  const term = q.q
  if (term)
    sel = sel.where((eb) =>
      eb.or([
        ...(/^\d{1,18}$/.test(term) ? [eb('o.id', '=', term)] : []),
        eb('o.buyer_id', 'in', usersMatching(db, term)),
        eb('o.seller_id', 'in', usersMatching(db, term)),
      ]),
    )
  return sel.orderBy('o.id', 'desc').limit(200).execute()
}

/** Both parties with their verified names: what deciding an appeal needs. */
export function people(db: Tx, ids: string[]) {
  return db
    .selectFrom('users as u')
    .leftJoin('identity as i', 'i.user_id', 'u.id')
    .select(['u.id', 'u.uid', 'u.email', 'u.phone', 'u.nickname', 'i.real_name'])
    .where('u.id', 'in', ids)
    .execute()
}

/** What an appeal decision would move: the escrow, while the order is under appeal. */
export async function escrowUnderAppeal(
  db: Tx,
  id: string,
): Promise<{ asset: string; amount: string } | null> {
  const o = await db
    .selectFrom('c2c_order')
    .select(['coin', 'quantity', 'status'])
    .where('id', '=', id)
    .executeTakeFirst()
  return o?.status === 'appeal' ? { asset: o.coin, amount: String(o.quantity) } : null
}

export function merchants(db: Tx) {
  return db
    .selectFrom('c2c_merchant as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.uid', 'u.email', 'u.phone', 'u.nickname', 'm.created_at'])
    .orderBy('m.created_at', 'desc')
    .limit(500)
    .execute()
}

export async function userIdByUid(db: Tx, uid: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst())?.id
}

/** Marks (or unmarks) a merchant; answers whether they were one before. */
export async function setMerchant(trx: Tx, userId: string, merchant: boolean, by: string): Promise<boolean> {
  const was = await trx
    .selectFrom('c2c_merchant')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (merchant)
    await trx
      .insertInto('c2c_merchant')
      .values({ user_id: userId, created_by: by })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute()
  else await trx.deleteFrom('c2c_merchant').where('user_id', '=', userId).execute()
  return !!was
}
