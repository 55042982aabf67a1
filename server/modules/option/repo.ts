import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { TICK_LOOKBACK_S } from './service'
import type { OrderJoinRow } from './wire'

/** A holder's option orders with their round's prices, newest first. */
export async function ordersOf(
  db: Db,
  holder: string,
  q: { status?: 'open' | 'settled'; symbol?: string; before?: string; limit: number },
): Promise<OrderJoinRow[]> {
  let query = db
    .selectFrom('option_order as o')
    .innerJoin('option_round as r', 'r.id', 'o.round_id')
    .select([
      'o.id',
      'o.round_id',
      'o.symbol',
      'o.period',
      'o.type',
      'o.amount',
      'o.fee',
      'o.rate',
      'o.status',
      'o.outcome',
      'o.payout',
      'o.created_at',
      'o.settled_at',
      'r.start_at',
      'r.delivery_at',
      // Before settlement, the recorded tick of the start second (the live winning / losing line).
      sql<string | null>`coalesce(r.open_price, (select t.price from option_tick t where t.symbol = o.symbol
        and t.sec <= r.start_at and t.sec >= r.start_at - ${TICK_LOOKBACK_S} order by t.sec desc limit 1))`.as(
        'open_price',
      ),
      'r.close_price',
      'r.band',
      'r.band_rate',
      'r.price_precision',
    ])
    .where('o.holder', '=', holder)
  if (q.status === 'open') query = query.where('o.status', '!=', 'settled')
  if (q.status === 'settled') query = query.where('o.status', '=', 'settled')
  if (q.symbol) query = query.where('o.symbol', '=', q.symbol)
  if (q.before) query = query.where('o.id', '<', q.before)
  return (await query.orderBy('o.id', 'desc').limit(q.limit).execute()) as unknown as OrderJoinRow[]
}

/** Recently settled rounds of a symbol and period (the public proof list). */
export async function settledRounds(db: Db, symbol: string, limit: number) {
  return db
    .selectFrom('option_round')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('status', 'in', ['settled', 'void'])
    .orderBy('delivery_at', 'desc')
    .limit(limit)
    .execute()
}
