import { normalize } from '@common/money/decimal'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import type { OrderRow, PositionRow } from './model'

/** Queries the contract engine runs outside a pass's writes (write.ts): its state and samples. */

export async function loadPositions(db: Db): Promise<PositionRow[]> {
  return db.selectFrom('contract_position').selectAll().execute()
}

/** Resting and partly filled orders, oldest first (the order the books are rebuilt in). */
export async function loadOpenOrders(db: Db): Promise<OrderRow[]> {
  return db
    .selectFrom('contract_order')
    .selectAll()
    .where('status', 'in', ['open', 'partial'])
    .orderBy('id')
    .execute()
}

/** Orders with a client order id that ended since `since` (the engine's retry memory). */
export async function endedClientOrders(db: Db, since: Date): Promise<OrderRow[]> {
  return db
    .selectFrom('contract_order')
    .selectAll()
    .where('client_order_id', 'is not', null)
    .where('status', 'in', ['filled', 'cancelled'])
    .where('updated_at', '>=', since)
    .orderBy('updated_at')
    .execute()
}

/** The holder's latest order with this client order id, or the order with this id (undefined: none). */
export async function orderOfHolder(
  db: Db,
  holder: string,
  ref: { id?: string; clientOrderId?: string },
): Promise<OrderRow | undefined> {
  let q = db.selectFrom('contract_order').selectAll().where('holder', '=', holder)
  q =
    ref.id !== undefined
      ? q.where('id', '=', ref.id)
      : q.where('client_order_id', '=', ref.clientOrderId ?? '')
  return q.orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/** Who holds the order: a cancel of someone else's order reads as missing. */
export async function orderHolder(db: Db, id: string): Promise<string | undefined> {
  const r = await db.selectFrom('contract_order').select('holder').where('id', '=', id).executeTakeFirst()
  return r?.holder
}

export async function nextOrderId(trx: Tx): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('contract_order', 'id'))::text as id`.execute(trx)
  return Number(rows[0]?.id)
}

/** Holders whose contract balance carries more than `dp` places (booked before the rounding rule). */
export async function holdersWithDust(db: Db, dp: number): Promise<string[]> {
  const rows = await db
    .selectFrom('balance')
    .select('holder')
    .where('account', '=', 'contract')
    .where('asset', '=', 'USDT')
    .where((eb) =>
      eb.or([
        eb('available', '<>', sql<string>`trunc(available, ${dp})`),
        eb('frozen', '<>', sql<string>`trunc(frozen, ${dp})`),
      ]),
    )
    .execute()
  return rows.map((r) => r.holder)
}

export async function insertPremiumSample(
  db: Db,
  symbol: string,
  slot: number,
  premium: string,
): Promise<void> {
  await db
    .insertInto('contract_premium_sample')
    .values({ symbol, slot: String(slot), premium })
    .execute()
}

export async function premiumSamplesOf(db: Tx, symbol: string, slot: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contract_premium_sample')
    .select('premium')
    .where('slot', '=', String(slot))
    .where('symbol', '=', symbol)
    .orderBy('id')
    .execute()
  return rows.map((r) => normalize(r.premium))
}

export async function currentPremiumSamples(db: Db, slot: number) {
  return db
    .selectFrom('contract_premium_sample')
    .select(['symbol', 'premium'])
    .where('slot', '=', String(slot))
    .orderBy('id')
    .execute()
}
