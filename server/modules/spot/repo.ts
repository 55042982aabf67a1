import { div, isZero, normalize } from '@common/money/decimal'
import type { PublicTrade, SpotFill, SpotOrder } from '@common/spot/schema'
import { type RawBuilder, type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { SpotOrderTable, SpotTradeTable } from '../../db/schema'
import type { Tx } from '../../ledger/ledger'

export type OrderRow = Selectable<SpotOrderTable>
export type TradeRow = Selectable<SpotTradeTable>

const n = (s: string | null) => (s === null ? null : normalize(s))

export function orderToWire(r: OrderRow, pricePrecision = 8): SpotOrder {
  const filled = normalize(r.filled)
  return {
    id: String(r.id),
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    price: n(r.price),
    amount: n(r.amount),
    quoteAmount: n(r.quote_amount),
    filled,
    filledQuote: normalize(r.filled_quote),
    avgPrice: isZero(filled) ? null : div(r.filled_quote, filled, pricePrecision, 'half-up'),
    fee: normalize(r.fee),
    status: r.status,
    createdAt: new Date(r.created_at).getTime(),
    updatedAt: new Date(r.updated_at).getTime(),
    timeInForce: r.time_in_force,
    postOnly: r.post_only,
    clientOrderId: r.client_order_id,
    ...conditionalToWire(r),
  }
}

/** A conditional order's fields on the wire (absent on plain limit and market orders). */
function conditionalToWire(r: OrderRow): Partial<SpotOrder> {
  if (r.trigger_price === null && r.callback_rate === null && r.oco_id === null) return {}
  return {
    triggerPrice: n(r.trigger_price),
    triggeredAt: r.triggered_at === null ? null : new Date(r.triggered_at).getTime(),
    callbackRate: r.callback_rate,
    activationPrice: n(r.activation_price),
    watermark: n(r.watermark),
    ocoId: r.oco_id === null ? null : String(r.oco_id),
  }
}

export function tradeToPublic(r: TradeRow): PublicTrade {
  return {
    id: String(r.id),
    price: normalize(r.price),
    amount: normalize(r.amount),
    side: r.taker_side,
    ts: new Date(r.created_at).getTime(),
  }
}

export async function openOrdersOfSymbol(db: Tx, symbol: string): Promise<OrderRow[]> {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('status', 'in', ['open', 'partial'])
    .orderBy('id')
    .execute()
}

/** A symbol's orders with a client order id that ended since `since` (the engine's retry memory), oldest first. */
export async function endedClientOrders(db: Tx, symbol: string, since: Date): Promise<OrderRow[]> {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('client_order_id', 'is not', null)
    .where('status', 'in', ['filled', 'cancelled'])
    .where('updated_at', '>=', since)
    .orderBy('updated_at')
    .execute()
}

/** The holder's latest order with this client order id (undefined: none). */
export async function orderByClientId(
  db: Db,
  holder: string,
  clientOrderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('holder', '=', holder)
    .where('client_order_id', '=', clientOrderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** One of the holder's orders by id (undefined: none, or another holder's). */
export async function orderOf(db: Db, holder: string, id: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('holder', '=', holder)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function openOrdersOf(db: Tx, holder: string, symbol?: string): Promise<OrderRow[]> {
  let q = db
    .selectFrom('spot_order')
    .selectAll()
    .where('holder', '=', holder)
    .where('status', 'in', ['open', 'partial', 'waiting'])
  if (symbol) q = q.where('symbol', '=', symbol)
  return q.orderBy('id', 'desc').execute()
}

export async function orderHistory(
  db: Db,
  holder: string,
  opts: { symbol?: string; before?: string; limit: number },
): Promise<OrderRow[]> {
  let q = db.selectFrom('spot_order').selectAll().where('holder', '=', holder)
  if (opts.symbol) q = q.where('symbol', '=', opts.symbol)
  if (opts.before) q = q.where('id', '<', opts.before)
  return q.orderBy('id', 'desc').limit(opts.limit).execute()
}

/** The holder's side of each fill: a trade can be both (self-trade), then it shows twice. */
export async function fillsOf(
  db: Db,
  holder: string,
  opts: { symbol?: string; before?: string; limit: number },
): Promise<SpotFill[]> {
  let q = db
    .selectFrom('spot_trade')
    .selectAll()
    .where((eb) => eb.or([eb('maker_holder', '=', holder), eb('taker_holder', '=', holder)]))
  if (opts.symbol) q = q.where('symbol', '=', opts.symbol)
  if (opts.before) q = q.where('id', '<', opts.before)
  const rows = await q.orderBy('id', 'desc').limit(opts.limit).execute()
  const out: SpotFill[] = []
  for (const r of rows) {
    const base = {
      id: String(r.id),
      symbol: r.symbol,
      price: normalize(r.price),
      amount: normalize(r.amount),
      quote: normalize(r.quote),
      ts: new Date(r.created_at).getTime(),
    }
    const makerSide = r.taker_side === 'buy' ? 'sell' : 'buy'
    if (r.taker_holder === holder)
      out.push({
        ...base,
        orderId: String(r.taker_order_id),
        side: r.taker_side,
        role: 'taker',
        fee: normalize(r.taker_fee),
      })
    if (r.maker_holder === holder)
      out.push({
        ...base,
        orderId: String(r.maker_order_id),
        side: makerSide,
        role: 'maker',
        fee: normalize(r.maker_fee),
      })
  }
  return out
}

export async function recentTrades(db: Db, symbol: string, limit: number): Promise<PublicTrade[]> {
  const rows = await db
    .selectFrom('spot_trade')
    .selectAll()
    .where('symbol', '=', symbol)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(tradeToPublic)
}

// ---- the engine's queries ----------------------------------------------------------------

export async function instrumentRows(db: Db, symbol?: string) {
  let q = db.selectFrom('instrument').selectAll()
  if (symbol) q = q.where('symbol', '=', symbol)
  return q.execute()
}

/** An instrument's stored maker and taker rates (before any VIP discount). */
export async function instrumentFees(db: Db, symbol: string) {
  return db
    .selectFrom('instrument')
    .select(['maker_fee', 'taker_fee'])
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow()
}

/** Who holds the order (undefined: no such order). */
export async function orderHolder(db: Db, id: string): Promise<string | undefined> {
  const r = await db.selectFrom('spot_order').select('holder').where('id', '=', id).executeTakeFirst()
  return r?.holder
}

/** `n` order ids from the sequence, in one query (the sequence looked up once, not per id). */
export async function reserveOrderIds(trx: Tx, n: number): Promise<number[]> {
  const { rows } = await sql<{ id: string | number }>`
    select nextval((select pg_get_serial_sequence('spot_order', 'id')::regclass)) as id
    from generate_series(1, ${n}::int)`.execute(trx)
  return rows.map((r) => Number(r.id))
}

/**
 * A pass's order rows (an upsert), fills (an insert) and ledger entries (`ledger`, the batch's
 * own statement part) in one statement; answers the fills as written, oldest first.
 */
export async function writePassRows(
  trx: Tx,
  orders: OrderRow[],
  fills: Omit<TradeRow, 'id'>[],
  ledger: RawBuilder<unknown> | null,
): Promise<TradeRow[]> {
  const ctes: RawBuilder<unknown>[] = []
  if (orders.length) {
    const rows = orders.map((o) => ({
      ...o,
      id: String(o.id),
      created_at: new Date(o.created_at).toISOString(),
      updated_at: new Date(o.updated_at).toISOString(),
    }))
    ctes.push(sql`spot_orders as (
      insert into spot_order (id, holder, symbol, side, type, price, amount, quote_amount, filled,
        filled_quote, fee, maker_fee_rate, taker_fee_rate, locked, status, created_at, updated_at,
        time_in_force, post_only, client_order_id, trigger_price, triggered_at, callback_rate,
        activation_price, watermark, oco_id)
      select v.id, v.holder, v.symbol, v.side, v.type, v.price, v.amount, v.quote_amount, v.filled,
        v.filled_quote, v.fee, v.maker_fee_rate, v.taker_fee_rate, v.locked, v.status, v.created_at, v.updated_at,
        coalesce(v.time_in_force, 'GTC'), coalesce(v.post_only, false), v.client_order_id,
        v.trigger_price, v.triggered_at, v.callback_rate, v.activation_price, v.watermark, v.oco_id
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, holder text, symbol text,
        side text, type text, price numeric, amount numeric, quote_amount numeric, filled numeric,
        filled_quote numeric, fee numeric, maker_fee_rate numeric, taker_fee_rate numeric,
        locked numeric, status text, created_at timestamptz, updated_at timestamptz,
        time_in_force text, post_only boolean, client_order_id text, trigger_price numeric,
        triggered_at timestamptz, callback_rate int, activation_price numeric, watermark numeric, oco_id bigint)
      on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote,
        fee = excluded.fee, locked = excluded.locked, status = excluded.status,
        updated_at = excluded.updated_at, triggered_at = excluded.triggered_at,
        watermark = excluded.watermark)`)
  }
  if (fills.length) {
    const trades = fills.map((t, i) => ({ ...t, ord: i, created_at: new Date(t.created_at).toISOString() }))
    // The fills' foreign keys to orders written by the CTE above are checked at the end of the statement.
    ctes.push(sql`spot_trades as (
      insert into spot_trade (symbol, price, amount, quote, taker_side, maker_order_id, taker_order_id,
        maker_holder, taker_holder, maker_fee, taker_fee, created_at)
      select v.symbol, v.price, v.amount, v.quote, v.taker_side, v.maker_order_id, v.taker_order_id,
        v.maker_holder, v.taker_holder, v.maker_fee, v.taker_fee, v.created_at
      from json_to_recordset(${JSON.stringify(trades)}::json) as v(ord int, symbol text, price numeric,
        amount numeric, quote numeric, taker_side text, maker_order_id bigint, taker_order_id bigint,
        maker_holder text, taker_holder text, maker_fee numeric, taker_fee numeric, created_at timestamptz)
      order by v.ord
      returning *)`)
  }
  if (ledger) ctes.push(ledger)
  if (ctes.length === 0) return []
  const { rows } = await sql<TradeRow>`
    with ${sql.join(ctes)}
    ${fills.length ? sql`select * from spot_trades` : sql`select null where false`}`.execute(trx)
  return rows.sort((a, b) => Number(a.id) - Number(b.id))
}

// ---- conditional orders ------------------------------------------------------------------

/** A symbol's conditional orders waiting for their trigger, oldest first. */
export async function waitingOrdersOfSymbol(db: Tx, symbol: string): Promise<OrderRow[]> {
  return db
    .selectFrom('spot_order')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute()
}

/** The market's last traded price (undefined: no trade yet). */
export async function lastTradePrice(db: Tx, symbol: string): Promise<string | undefined> {
  const r = await db
    .selectFrom('spot_trade')
    .select('price')
    .where('symbol', '=', symbol)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return r === undefined ? undefined : normalize(r.price)
}
