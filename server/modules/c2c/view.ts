import type { C2cAd, C2cMessage, C2cOrder, C2cTrader } from '@common/c2c/schema'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import { AppError } from '../../http/errors'
import { assetPrecisions } from '../../ledger/precision'
import { type AdRow, adToWire, messageToWire, type OrderRow, orderToWire, traders } from './model'

const HISTORY = 300

/**
 * A trader as users see them: the public handle, never the internal user id (issue 33). Every
 * answer to a user (the public ad list, their orders, their own C2C profile) goes through this;
 * console answers keep the id.
 */
export function publicTrader(t: C2cTrader): C2cTrader {
  const { id: _internal, ...rest } = t
  return rest
}

/** An order as one of its parties sees it: no internal user id anywhere. */
function publicOrder(o: C2cOrder): C2cOrder {
  const { advertiserId: _internal, ...rest } = o
  return { ...rest, buyer: publicTrader(o.buyer), seller: publicTrader(o.seller) }
}

async function openCounts(db: Db, adIds: string[]): Promise<Map<string, number>> {
  if (adIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('c2c_order')
    .select(['ad_id', sql<number>`count(*)::int`.as('n')])
    .where('ad_id', 'in', adIds)
    .where('status', 'in', ['unpaid', 'paid', 'appeal'])
    .groupBy('ad_id')
    .execute()
  return new Map(rows.map((r) => [String(r.ad_id), r.n]))
}

export async function adsToWire(db: Db, rows: AdRow[], me: string | null, now: number): Promise<C2cAd[]> {
  const [prec, who, open] = await Promise.all([
    assetPrecisions(db),
    traders(
      db,
      rows.map((r) => r.user_id),
      now,
    ),
    openCounts(
      db,
      rows.map((r) => String(r.id)),
    ),
  ])
  return rows.map((a) => {
    const ad = adToWire(a, {
      precision: prec.get(a.coin) ?? 8,
      trader: who.get(a.user_id),
      openOrders: open.get(String(a.id)) ?? 0,
      me,
    })
    return { ...ad, advertiser: publicTrader(ad.advertiser) }
  })
}

/**
 * One order as its parties (or staff, `userId` null) see it. Anyone else gets "no such order",
 * the same answer as for an order that does not exist.
 */
export async function loadOrder(
  db: Db,
  id: string,
  userId: string | null,
  now: number,
): Promise<{ row: OrderRow; wire: C2cOrder }> {
  let q = db.selectFrom('c2c_order').selectAll().where('id', '=', id)
  if (userId) q = q.where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
  const row = await q.executeTakeFirst()
  if (!row) throw new AppError('c2cOrderNotFound')
  return { row, wire: (await ordersToWire(db, [row], userId, now))[0] as C2cOrder }
}

export async function ordersToWire(
  db: Db,
  rows: OrderRow[],
  userId: string | null,
  now: number,
): Promise<C2cOrder[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => String(r.id))
  const [who, appeals, unread] = await Promise.all([
    traders(
      db,
      rows.flatMap((r) => [r.buyer_id, r.seller_id]),
      now,
    ),
    db.selectFrom('c2c_appeal').selectAll().where('order_id', 'in', ids).execute(),
    userId
      ? sql<{ order_id: string; n: number }>`
          select m.order_id::text, count(*)::int as n from c2c_message m join c2c_order o on o.id = m.order_id
          where m.order_id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)
            and m.id > case when o.buyer_id = ${userId} then o.buyer_read else o.seller_read end
            and coalesce(m.user_id, '') <> ${userId}
          group by m.order_id`.execute(db)
      : Promise.resolve({ rows: [] as { order_id: string; n: number }[] }),
  ])
  const ap = new Map(appeals.map((a) => [String(a.order_id), a]))
  const un = new Map(unread.rows.map((r) => [r.order_id, r.n]))
  return rows.map((o) => {
    const wire = orderToWire(o, {
      role: userId === null ? 'staff' : o.buyer_id === userId ? 'buyer' : 'seller',
      buyer: who.get(o.buyer_id),
      seller: who.get(o.seller_id),
      appeal: ap.get(String(o.id)) ?? null,
      unread: un.get(String(o.id)) ?? 0,
      advertiserId: o.maker_id,
    })
    // Staff (userId null) keep the ids; a party sees handles only.
    return userId === null ? wire : publicOrder(wire)
  })
}

export async function messagesOf(db: Db, orderId: string): Promise<C2cMessage[]> {
  const rows = await db
    .selectFrom('c2c_message')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(HISTORY)
    .execute()
  return rows.reverse().map(messageToWire)
}

/** Whether an upload belongs to this order: a chat picture, the payment proof, evidence or a payment code. */
export async function orderUsesUpload(db: Db, o: OrderRow, upload: string): Promise<boolean> {
  if (o.proof_upload_id === upload) return true
  if (((o.payment as { qr: string | null }[]) ?? []).some((p) => p.qr === upload)) return true
  const m = await db
    .selectFrom('c2c_message')
    .select('id')
    .where('order_id', '=', o.id)
    .where('image_upload_id', '=', upload)
    .executeTakeFirst()
  if (m) return true
  const evidence = await columnOf(db, 'c2c_appeal', 'evidence', 'order_id', o.id)
  return ((evidence as string[] | undefined) ?? []).includes(upload)
}
