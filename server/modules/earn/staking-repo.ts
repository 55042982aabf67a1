import { type Insertable, sql, type Updateable } from 'kysely'
import { updateById } from '../../db/rows'
import type { StakingOrderTable, StakingProductTable } from '../../db/schema-earn'
import type { Tx } from '../../ledger/ledger'
import { n } from './context'
import type { OrderRow, ProductRow } from './model'
import { lockById } from './row-lock'

/** Queries of staking: products, orders and their daily rewards. */

export function products(db: Tx): Promise<ProductRow[]> {
  return db.selectFrom('staking_product').selectAll().orderBy('sort').orderBy('id').execute()
}

/** The product's row lock; 'notFound' when there is none. */
export function lockProduct(trx: Tx, id: string): Promise<ProductRow> {
  return lockById(trx, 'staking_product', id)
}

/**
 * Holds the product's row while an order's principal leaves it (completion, early redemption):
 * the lock order is order row, product row, balances, as a stake takes product, then balances.
 */
export async function holdProduct(trx: Tx, id: string): Promise<void> {
  await trx.selectFrom('staking_product').select('id').where('id', '=', id).forUpdate().execute()
}

export function insertProduct(trx: Tx, values: Insertable<StakingProductTable>): Promise<ProductRow> {
  return trx.insertInto('staking_product').values(values).returningAll().executeTakeFirstOrThrow()
}

export function updateProduct(
  trx: Tx,
  id: string,
  set: Updateable<StakingProductTable>,
): Promise<ProductRow> {
  return updateById(trx, 'staking_product', id, set)
}

/** The product's staked total moves by `delta` (a stake adds, a release takes away). */
export async function addStaked(trx: Tx, id: string, delta: string, at?: Date): Promise<void> {
  await trx
    .updateTable('staking_product')
    .set({ staked: sql`staked + ${delta}::numeric`, ...(at ? { updated_at: at } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Rewards the pool still owes to the orders earning in this asset. */
export async function owed(trx: Tx, asset: string): Promise<string> {
  const r = await trx
    .selectFrom('staking_order')
    .select(sql<string>`coalesce(sum(expected_reward - accrued), 0)::text`.as('owed'))
    .where('asset', '=', asset)
    .where('status', '=', 'earning')
    .executeTakeFirst()
  return n(r?.owed)
}

/** A user's orders, newest first, by `before` (an id). */
export function ordersOf(
  db: Tx,
  userId: string,
  q: { status?: string; before?: string; limit: number },
): Promise<OrderRow[]> {
  let sel = db.selectFrom('staking_order').selectAll().where('user_id', '=', userId)
  if (q.status) sel = sel.where('status', '=', q.status as 'earning')
  if (q.before) sel = sel.where('id', '<', q.before)
  return sel.orderBy('id', 'desc').limit(q.limit).execute()
}

/** One of a user's orders (any user's, without `userId`). */
export function orderOf(db: Tx, id: string, userId?: string): Promise<OrderRow | undefined> {
  let q = db.selectFrom('staking_order').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  return q.executeTakeFirst()
}

/** The order's row lock: a user's own (with `userId`), or one still earning (with `earning`). */
export function lockOrder(
  trx: Tx,
  id: string,
  only: { userId?: string; earning?: boolean },
): Promise<OrderRow | undefined> {
  let q = trx.selectFrom('staking_order').selectAll().where('id', '=', id)
  if (only.userId) q = q.where('user_id', '=', only.userId)
  if (only.earning) q = q.where('status', '=', 'earning')
  return q.forUpdate().executeTakeFirst()
}

export function insertOrder(trx: Tx, values: Insertable<StakingOrderTable>): Promise<OrderRow> {
  return trx.insertInto('staking_order').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function updateOrder(trx: Tx, id: string, set: Updateable<StakingOrderTable>): Promise<void> {
  await trx.updateTable('staking_order').set(set).where('id', '=', id).execute()
}

export function rewardsOf(db: Tx, orderId: string) {
  return db
    .selectFrom('staking_reward')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('day', 'desc')
    .execute()
}

/** The days' reward rows: one per (order, day), the claim that pays a day once. */
export async function insertRewards(
  trx: Tx,
  orderId: string,
  days: number[],
  amount: string,
  at: (day: number) => Date,
): Promise<void> {
  await trx
    .insertInto('staking_reward')
    .values(days.map((day) => ({ order_id: orderId, day, amount, created_at: at(day) })))
    .execute()
}

/** Earning orders with a day (or the end) due at `now`. */
export async function dueOrders(db: Tx, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('staking_order')
    .select('id')
    .where('status', '=', 'earning')
    .where(sql<boolean>`start_at + (accrued_days + 1) * interval '1 day' <= ${new Date(now)}`)
    .orderBy('id')
    .execute()
  return rows.map((r) => String(r.id))
}
