import type { EtfOrder } from '@common/etf/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'
import type { EtfProductTable, EtfRebalanceTable } from '../../db/schema-etf'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { lockSeed } from '../../ledger/seed'

/** Queries of the ETF tables: products, orders, rebalances and NAV points, and the desk's balances. */

export type ProductRow = Selectable<EtfProductTable>
/** An order as it is written (the answer carries the holder too, as it always did). */
export interface NewOrder {
  holder: string
  product: string
  side: EtfOrder['side']
  amount: string
  units: string
  nav: string
  fee: string
}

export function products(db: Tx): Promise<ProductRow[]> {
  return db.selectFrom('etf_product').selectAll().orderBy('sort').orderBy('code').execute()
}

/** A product by code (its row lock with `lock`); 'etfNotFound' when there is none. */
export async function productOf(db: Tx, code: string, lock = false): Promise<ProductRow> {
  let q = db.selectFrom('etf_product').selectAll().where('code', '=', code)
  if (lock) q = q.forUpdate()
  const r = await q.executeTakeFirst()
  if (!r) throw new AppError('etfNotFound')
  return r
}

export async function updateProduct(trx: Tx, code: string, set: Updateable<EtfProductTable>): Promise<void> {
  await trx.updateTable('etf_product').set(set).where('code', '=', code).execute()
}

/** Whether the code is taken by a product or an asset. */
export async function codeTaken(db: Tx, code: string): Promise<boolean> {
  const taken =
    (await db.selectFrom('etf_product').select('code').where('code', '=', code).executeTakeFirst()) ??
    (await db.selectFrom('asset').select('code').where('code', '=', code).executeTakeFirst())
  return taken !== undefined
}

/** A new product goes last in the list. */
export async function insertProduct(
  db: Tx,
  values: Omit<Insertable<EtfProductTable>, 'sort'>,
): Promise<void> {
  const max = await db
    .selectFrom('etf_product')
    .select(sql<number>`coalesce(max(sort), 0)::int`.as('m'))
    .executeTakeFirst()
  await db
    .insertInto('etf_product')
    .values({ ...values, sort: Number(max?.m ?? 0) + 1 })
    .execute()
}

/** Whether the desk's opening funds were posted (under a lock, so they are posted once). */
export async function lockDeskSeed(trx: Tx): Promise<boolean> {
  return lockSeed(trx, 'etf.desk_seed', 'etf_desk_seed')
}

/** The desk's unit balance of a product (minus the units outstanding). */
export async function deskUnits(db: Tx, code: string): Promise<string | null> {
  const b = await db
    .selectFrom('balance')
    .select('available')
    .where('holder', '=', SYSTEM_HOLDER)
    .where('account', '=', 'etf_desk')
    .where('asset', '=', code)
    .executeTakeFirst()
  return b ? b.available : null
}

/** A user's positive unit balances in products, in the products' order. */
export function holdings(db: Tx, account: string, userId: string) {
  return db
    .selectFrom('balance')
    .innerJoin('etf_product', 'etf_product.code', 'balance.asset')
    .select(['balance.asset', 'balance.available'])
    .where('balance.holder', '=', userId)
    .where('balance.account', '=', account)
    .where('balance.available', '>', '0')
    .orderBy('etf_product.sort')
    .execute()
}

/** Every holder of a product's units, by holder (the close redeems them all). */
export function holdersOf(trx: Tx, account: string, code: string) {
  return trx
    .selectFrom('balance')
    .select(['holder', 'available'])
    .where('account', '=', account)
    .where('asset', '=', code)
    .where('holder', '<>', SYSTEM_HOLDER)
    .where('available', '>', '0')
    .orderBy('holder')
    .execute()
}

/** A user's orders, newest first, by `before` (an id). */
export function ordersOf(db: Tx, userId: string, q: { product?: string; before?: string; limit: number }) {
  let query = db.selectFrom('etf_order').selectAll().where('holder', '=', userId)
  if (q.product) query = query.where('product', '=', q.product)
  if (q.before) query = query.where('id', '<', q.before)
  return query.orderBy('id', 'desc').limit(q.limit).execute()
}

export async function insertOrder(trx: Tx, o: NewOrder): Promise<EtfOrder> {
  const row = await trx
    .insertInto('etf_order')
    .values(o)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()
  return { id: String(row.id), ...o, ts: new Date(row.created_at).getTime() }
}

/** Many orders at once, in the order given; their ids in that order. */
export async function insertOrders(trx: Tx, orders: NewOrder[]): Promise<string[]> {
  const rows = await trx.insertInto('etf_order').values(orders).returning(['id', 'holder']).execute()
  return rows.map((r) => String(r.id))
}

/** The product's rebalance row for its slot; false when the slot was claimed already. */
export async function claimRebalance(trx: Tx, values: Insertable<EtfRebalanceTable>): Promise<boolean> {
  const row = await trx
    .insertInto('etf_rebalance')
    .values(values)
    .onConflict((oc) => oc.columns(['product', 'slot']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export async function insertRebalance(trx: Tx, values: Insertable<EtfRebalanceTable>): Promise<void> {
  await trx.insertInto('etf_rebalance').values(values).execute()
}

/** The NAV point at or before `ts`, else the first one recorded. */
export async function navPointNear(db: Tx, code: string, ts: number) {
  const point = db.selectFrom('etf_nav').select(['ts', 'nav']).where('product', '=', code)
  return (
    (await point.where('ts', '<=', ts).orderBy('ts', 'desc').limit(1).executeTakeFirst()) ??
    (await point.orderBy('ts', 'asc').limit(1).executeTakeFirst())
  )
}

/** The recorded points since `since` whose time is a multiple of `step` (a thinned history). */
export function navPoints(db: Tx, code: string, since: number, step: number) {
  return db
    .selectFrom('etf_nav')
    .select(['ts', 'nav'])
    .where('product', '=', code)
    .where('ts', '>=', since)
    .where(sql<boolean>`ts % ${step} = 0`)
    .orderBy('ts')
    .execute()
}

/** NAV points; an existing (product, minute) point stays. How many were new. */
export async function insertNavPoints(
  db: Tx,
  rows: { product: string; ts: number; nav: string }[],
): Promise<number> {
  const res = await db
    .insertInto('etf_nav')
    .values(rows)
    .onConflict((oc) => oc.columns(['product', 'ts']).doNothing())
    .returning('product')
    .execute()
  return res.length
}
