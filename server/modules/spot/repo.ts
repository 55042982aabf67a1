import { div, isZero, normalize } from '@common/money/decimal'
import type { PublicTrade, SpotFill, SpotOrder } from '@common/spot/schema'
import type { Selectable } from 'kysely'
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

export async function instrumentRow(db: Tx, symbol: string) {
  return db.selectFrom('instrument').selectAll().where('symbol', '=', symbol).executeTakeFirst()
}

export async function assetPrecision(db: Tx, code: string): Promise<number | null> {
  const r = await db.selectFrom('asset').select('precision').where('code', '=', code).executeTakeFirst()
  return r ? r.precision : null
}

export async function ordersByIds(trx: Tx, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return []
  return trx.selectFrom('spot_order').selectAll().where('id', 'in', ids.map(String)).execute()
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

export async function openOrdersOf(db: Tx, holder: string, symbol?: string): Promise<OrderRow[]> {
  let q = db
    .selectFrom('spot_order')
    .selectAll()
    .where('holder', '=', holder)
    .where('status', 'in', ['open', 'partial'])
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
