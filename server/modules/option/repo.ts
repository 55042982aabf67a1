import { normalize } from '@common/money/decimal'
import { type Selectable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/db'
import type { OptionOrderTable, OptionSettingTable } from '../../db/schema-option'
import type { BalanceKey, Tx } from '../../ledger/ledger'
import { lockSeed } from '../../ledger/seed'
import { TICK_LOOKBACK_S } from './round-repo'
import type { OrderJoinRow } from './wire'

export type SettingRow = Selectable<OptionSettingTable>

// ---- orders ----

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

/** Stores a new waiting order; answers its id. */
export async function insertOrder(
  trx: Tx,
  o: Pick<
    Selectable<OptionOrderTable>,
    'holder' | 'round_id' | 'symbol' | 'period' | 'type' | 'amount' | 'fee' | 'rate'
  >,
): Promise<string> {
  const { id } = await trx
    .insertInto('option_order')
    .values({ ...o, outcome: null, payout: null, settled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return String(id)
}

/** How many orders are in each status (the console's overview). */
export async function orderStatusCounts(db: Db): Promise<{ status: string; n: number }[]> {
  const { rows } = await sql<{ status: string; n: number }>`
    select status, count(*)::int as n from option_order group by status`.execute(db)
  return rows
}

// ---- settings ----

export function settingRows(db: Db): Promise<SettingRow[]> {
  return db.selectFrom('option_setting').selectAll().orderBy('symbol').orderBy('period').execute()
}

export function settingRow(db: Db, symbol: string, period: number): Promise<SettingRow | undefined> {
  return db
    .selectFrom('option_setting')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .executeTakeFirst()
}

/** Changes a setting; answers the row as it is now. */
export async function updateSetting(
  trx: Tx,
  symbol: string,
  period: number,
  set: Updateable<OptionSettingTable>,
): Promise<SettingRow> {
  await trx
    .updateTable('option_setting')
    .set(set)
    .where('symbol', '=', symbol)
    .where('period', '=', period)
    .execute()
  return (await settingRow(trx, symbol, period)) as SettingRow
}

// ---- pool ----

/** Lock shared by everything that reserves against or pays from the pool. */
export async function lockPool(trx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('option.pool'))`.execute(trx)
}

/** Whether the pool's initial funding was posted (under a lock, so it is posted once). */
export async function lockPoolSeed(trx: Tx): Promise<boolean> {
  return lockSeed(trx, 'option.pool_seed', 'option_pool_seed')
}

export async function availableOf(trx: Tx, key: BalanceKey): Promise<string> {
  const b = await trx
    .selectFrom('balance')
    .select('available')
    .where('holder', '=', key.holder)
    .where('account', '=', key.account)
    .where('asset', '=', key.asset)
    .executeTakeFirst()
  return normalize(b?.available ?? '0')
}
