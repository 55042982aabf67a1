import { sql } from 'kysely'
import type { AnyDb } from './kit'

/**
 * Conditional spot orders (issue 38): stop and take-profit (limit or market), the OCO's two legs
 * and the trailing stop are spot_order rows of their own type, status 'waiting' until triggered
 * (then the same row enters the book: open, partial, filled, or 'expired' when nothing was left
 * to trade or its OCO sibling went first).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('spot_order')
    // The last traded price that fires a stop or take-profit (null: not conditional, or trailing).
    .addColumn('trigger_price', 'numeric')
    .addColumn('triggered_at', 'timestamptz')
    // Trailing stop: the callback rate in basis points, the optional activation price, and the
    // watermark (the highest price since activation for a sell, the lowest for a buy).
    .addColumn('callback_rate', 'integer')
    .addColumn('activation_price', 'numeric')
    .addColumn('watermark', 'numeric')
    // OCO: the other leg's id (both legs share the one freeze, held by the limit leg).
    .addColumn('oco_id', 'bigint')
    .execute()
  await sql`create index spot_order_waiting on spot_order (symbol, id) where status = 'waiting'`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index spot_order_waiting`.execute(db)
  for (const c of [
    'oco_id',
    'watermark',
    'activation_price',
    'callback_rate',
    'triggered_at',
    'trigger_price',
  ])
    await db.schema.alterTable('spot_order').dropColumn(c).execute()
}
