import type { PayKind } from '@common/c2c/rules'
import { DEMO_MERCHANT_PREFIX } from '@common/c2c/rules'
import type { adsQuerySchema } from '@common/c2c/schema'
import { type Insertable, sql, type Updateable } from 'kysely'
import type * as v from 'valibot'
import { updateById } from '../../db/rows'
import type { C2cAdTable, C2cAppealTable, C2cOrderTable, C2cPaymentTable } from '../../db/schema-c2c'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import {
  type AdRow,
  type AppealRow,
  badgedMerchants,
  eligibleAdvertiser,
  type OrderRow,
  type PaymentRow,
} from './model'

/** Queries of the C2C tables: ads, orders, payment accounts, chat lines and appeals. */

const OPEN = ['unpaid', 'paid', 'appeal'] as const
type AdsQuery = v.InferOutput<typeof adsQuerySchema>

export function uploadBytes(db: Tx, id: string) {
  return db.selectFrom('upload').select(['mime', 'bytes']).where('id', '=', id).executeTakeFirst()
}

// ---------- ads ----------

/** On the shelf: best price first for the taker (a `sell` ad is one a visitor buys from), at most 100. */
export function shelfAds(db: Tx, q: AdsQuery, approvedRequired: boolean): Promise<AdRow[]> {
  let sel = db
    .selectFrom('c2c_ad')
    .selectAll()
    .where('status', '=', 'online')
    .where('side', '=', q.side)
    .where('coin', '=', q.coin)
    .where('fiat', '=', q.fiat)
    // An ad whose remainder is below its minimum order is hidden (nothing could be ordered).
    .where(sql<boolean>`remaining * price >= min_amount`)
    // Only advertisers who meet the identity requirement (an ad from before it stays hidden).
    .where(eligibleAdvertiser(approvedRequired))
  if (q.merchant === '1' || q.merchant === 'true') sel = sel.where('user_id', 'in', badgedMerchants(db))
  if (q.payKind) sel = sel.where(sql<boolean>`pay_kinds @> ${JSON.stringify([q.payKind])}::jsonb`)
  if (q.amount)
    sel = sel
      .where('min_amount', '<=', q.amount)
      .where('max_amount', '>=', q.amount)
      .where(sql<boolean>`remaining * price >= ${q.amount}::numeric`)
  return sel
    .orderBy('price', q.side === 'sell' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(100)
    .execute()
}

/** Quick buy/sell's candidates: others' ads (no example ads) that fit the amount, best price first, at most 50. */
export function quickAds(
  db: Tx,
  userId: string,
  input: { side: 'buy' | 'sell'; coin: string; fiat: string; amount: string; payKind?: PayKind },
  approvedRequired: boolean,
): Promise<AdRow[]> {
  let q = db
    .selectFrom('c2c_ad')
    .selectAll()
    .where('status', '=', 'online')
    .where('side', '=', input.side === 'buy' ? 'sell' : 'buy')
    .where('coin', '=', input.coin)
    .where('fiat', '=', input.fiat)
    .where('user_id', '<>', userId)
    .where('user_id', 'not like', `${DEMO_MERCHANT_PREFIX}%`)
    .where(eligibleAdvertiser(approvedRequired))
    .where('min_amount', '<=', input.amount)
    .where('max_amount', '>=', input.amount)
    .where(sql<boolean>`remaining * price >= ${input.amount}::numeric`)
  if (input.payKind) q = q.where(sql<boolean>`pay_kinds @> ${JSON.stringify([input.payKind])}::jsonb`)
  // Best prices first, so the cut at 50 never drops the best ad.
  return q
    .orderBy('price', input.side === 'buy' ? 'asc' : 'desc')
    .orderBy('id')
    .limit(50)
    .execute()
}

export function adsOf(db: Tx, userId: string): Promise<AdRow[]> {
  return db
    .selectFrom('c2c_ad')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
}

export function adById(db: Tx, id: string): Promise<AdRow> {
  return db.selectFrom('c2c_ad').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

/** The ad's row lock (the advertiser's own only, with `userId`); 2402 when there is none. */
export async function lockAd(trx: Tx, id: string, userId?: string): Promise<AdRow> {
  let q = trx.selectFrom('c2c_ad').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  const ad = await q.forUpdate().executeTakeFirst()
  if (!ad) throw new AppError('c2cAdNotFound')
  return ad
}

export function insertAd(trx: Tx, values: Insertable<C2cAdTable>): Promise<AdRow> {
  return trx.insertInto('c2c_ad').values(values).returningAll().executeTakeFirstOrThrow()
}

export function updateAd(trx: Tx, id: string, set: Updateable<C2cAdTable>): Promise<AdRow> {
  return updateById(trx, 'c2c_ad', id, set)
}

/** When an ad has nothing left and no open order, it is completed. */
export async function completeIfDone(trx: Tx, adId: string): Promise<void> {
  await sql`update c2c_ad set status = 'completed', updated_at = now()
    where id = ${adId} and status = 'online' and remaining = 0
      and not exists (select 1 from c2c_order where ad_id = ${adId} and status in ('unpaid', 'paid', 'appeal'))`.execute(
    trx,
  )
}

// ---------- orders ----------

/** The order's row lock (a party's own only, with `userId`); 2404 when there is none. */
export async function lockOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
  let q = trx.selectFrom('c2c_order').selectAll().where('id', '=', id)
  if (userId) q = q.where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
  const o = await q.forUpdate().executeTakeFirst()
  if (!o) throw new AppError('c2cOrderNotFound')
  return o
}

export function insertOrder(trx: Tx, values: Insertable<C2cOrderTable>): Promise<OrderRow> {
  return trx.insertInto('c2c_order').values(values).returningAll().executeTakeFirstOrThrow()
}

export function updateOrder(trx: Tx, id: string, set: Updateable<C2cOrderTable>): Promise<OrderRow> {
  return updateById(trx, 'c2c_order', id, set)
}

/** One order at a time per buyer (a double tap opens one): held to the end of the transaction. */
export async function lockBuyer(trx: Tx, buyerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`c2c.buyer:${buyerId}`}))`.execute(trx)
}

/** The buyer's cancelled and timed-out orders since `since` (the daily cancel limit). */
export async function cancelsSince(db: Tx, buyerId: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('c2c_order')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('buyer_id', '=', buyerId)
    .where('status', 'in', ['cancelled', 'timeout'])
    .where('done_at', '>=', since)
    .executeTakeFirstOrThrow()
  return r.n
}

/** A party's orders, newest first: open (unpaid, paid, appeal), done (the rest) or all. */
export function ordersOf(db: Tx, userId: string, status?: 'open' | 'done') {
  let q = db
    .selectFrom('c2c_order')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
  if (status === 'open') q = q.where('status', 'in', OPEN)
  if (status === 'done') q = q.where('status', 'not in', OPEN)
  return q.orderBy('id', 'desc')
}

/** Unpaid orders past their window at `now` (at most 500 a pass). */
export async function dueOrders(db: Tx, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('c2c_order')
    .select('id')
    .where('status', '=', 'unpaid')
    .where('expires_at', '<=', new Date(now))
    .orderBy('id')
    .limit(500)
    .execute()
  return rows.map((r) => String(r.id))
}

// ---------- payment accounts ----------

/** A user's accounts (of these kinds only, with `kinds`), oldest first. */
export function paymentsOf(db: Tx, userId: string, kinds?: PayKind[]): Promise<PaymentRow[]> {
  let q = db.selectFrom('c2c_payment').selectAll().where('user_id', '=', userId).where('deleted', '=', false)
  if (kinds) q = q.where('kind', 'in', kinds)
  return q.orderBy('id').execute()
}

export async function countPayments(db: Tx, userId: string): Promise<number> {
  const r = await db
    .selectFrom('c2c_payment')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow()
  return r.n
}

export function insertPayment(db: Tx, values: Insertable<C2cPaymentTable>): Promise<PaymentRow> {
  return db.insertInto('c2c_payment').values(values).returningAll().executeTakeFirstOrThrow()
}

/** Changes one of the user's live accounts; undefined when there is no such account. */
export function updatePayment(
  db: Tx,
  userId: string,
  id: string,
  set: Updateable<C2cPaymentTable>,
): Promise<PaymentRow | undefined> {
  return db
    .updateTable('c2c_payment')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .returningAll()
    .executeTakeFirst()
}

// ---------- appeals ----------

/** Opens the order's appeal, or opens it again from scratch (a decided one's answers cleared). */
export async function openAppeal(
  trx: Tx,
  a: { orderId: string; by: 'buyer' | 'seller'; userId: string; content: string; evidence: string; at: Date },
): Promise<void> {
  const opened = {
    opened_by: a.by,
    opener_id: a.userId,
    content: a.content,
    evidence: a.evidence,
    created_at: a.at,
  }
  await trx
    .insertInto('c2c_appeal')
    .values({ order_id: a.orderId, ...opened })
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        ...opened,
        status: 'open',
        outcome: null,
        reason: null,
        suggest_to_buyer: null,
        suggest_reason: null,
        buyer_accept: null,
        seller_accept: null,
      }),
    )
    .execute()
}

/** The appeal's row lock; 2405 (the order's state forbids it) when there is none. */
export async function lockAppeal(trx: Tx, orderId: string): Promise<AppealRow> {
  const a = await trx
    .selectFrom('c2c_appeal')
    .selectAll()
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
  if (!a) throw new AppError('c2cOrderState')
  return a
}

export async function updateAppeal(trx: Tx, orderId: string, set: Updateable<C2cAppealTable>): Promise<void> {
  await trx.updateTable('c2c_appeal').set(set).where('order_id', '=', orderId).execute()
}
