import type { Candle, Instrument, Ticker } from '@common/market/types'
import { add, mul, normalize } from '@common/money/decimal'
import type { DepthSnapshot, PublicTrade, SpotFill, SpotOrder } from '@common/spot/schema'

/*
 * The HollaEx v2 wire shapes (as ccxt's `hollaex` class reads them, node_modules/ccxt/js/src/
 * hollaex.js) from this exchange's wire types. Pure: no I/O. Prices and amounts stay decimal
 * strings (ccxt reads numbers and strings alike). docs/api.md, "HollaEx-compatible API".
 */

/** A spot pair's HollaEx name: BTC/USDT -> `btc-usdt`. */
export const pairName = (i: Pick<Instrument, 'base' | 'quote'>): string =>
  `${i.base}-${i.quote}`.toLowerCase()

const iso = (ms: number) => new Date(ms).toISOString()
/** The smallest step of `decimals` places: 2 -> "0.01", 0 -> "1". */
export const stepOf = (decimals: number): string => (decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`)
/** A fee rate (0.001) as HollaEx's percent (0.1). */
const percent = (rate: string) => normalize(mul(rate, '100'))

export interface PairFees {
  maker: string
  taker: string
}

export interface AssetInfo {
  code: string
  name: string
  precision: number
  enabled: boolean
}

/** GET /v2/constants: the coins and the spot pairs. */
export function constantsOf(pairs: { inst: Instrument; fees: PairFees }[], assets: AssetInfo[]) {
  const coins: Record<string, object> = {}
  assets.forEach((a, i) => {
    const id = a.code.toLowerCase()
    coins[id] = {
      id: i + 1,
      fullname: a.name,
      symbol: id,
      code: id,
      active: a.enabled,
      allow_deposit: a.enabled,
      allow_withdrawal: a.enabled,
      increment_unit: stepOf(a.precision),
      type: 'blockchain',
    }
  })
  const out: Record<string, object> = {}
  pairs.forEach(({ inst, fees }, i) => {
    const name = pairName(inst)
    out[name] = {
      id: i + 1,
      name,
      pair_base: inst.base.toLowerCase(),
      pair_2: inst.quote.toLowerCase(),
      min_size: inst.minAmount,
      min_price: stepOf(inst.pricePrecision),
      increment_size: stepOf(inst.amountPrecision),
      increment_price: stepOf(inst.pricePrecision),
      maker_fees: { 1: percent(fees.maker) },
      taker_fees: { 1: percent(fees.taker) },
      active: inst.status === 'trading',
    }
  })
  return { coins, pairs: out, config: { tiers: 1 }, status: true }
}

/** GET /v2/ticker (one pair) and, with `symbol`, an entry of GET /v2/tickers. */
export function tickerOf(
  t: Pick<Ticker, 'open' | 'last' | 'high' | 'low' | 'volume' | 'ts'>,
  symbol?: string,
) {
  return {
    open: t.open,
    close: t.last,
    high: t.high,
    low: t.low,
    last: t.last,
    volume: t.volume,
    timestamp: iso(t.ts),
    ...(symbol ? { symbol, time: iso(t.ts) } : {}),
  }
}

/** One pair of GET /v2/orderbook(s): levels as [price, size], plus the book's sequence number. */
export function orderbookOf(d: DepthSnapshot) {
  return {
    bids: d.bids.map((l) => [l.price, l.amount]),
    asks: d.asks.map((l) => [l.price, l.amount]),
    timestamp: iso(d.ts),
    seq: d.seq,
  }
}

/** GET /v2/trades: a pair's recent trades, side of the taker. */
export const publicTradeOf = (t: PublicTrade) => ({
  size: t.amount,
  price: t.price,
  side: t.side,
  timestamp: iso(t.ts),
})

/** GET /v2/chart: one candle. */
export const candleOf = (c: Candle, symbol: string) => ({
  time: iso(c.t),
  open: c.o,
  high: c.h,
  low: c.l,
  close: c.c,
  volume: c.v,
  symbol,
})

/** HollaEx's resolutions and this exchange's periods. */
export const RESOLUTIONS = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1D',
  '1D': '1D',
  '1w': '1W',
  '1W': '1W',
} as const

/** GET /v2/user/balance: `<coin>_balance` (total), `_available` and `_pending` (in orders). */
export function balanceOf(
  assets: readonly string[],
  rows: readonly { asset: string; available: string; frozen: string }[],
  now: number,
) {
  const out: Record<string, string> = { updated_at: iso(now) }
  for (const code of assets) {
    const r = rows.find((b) => b.asset === code)
    const id = code.toLowerCase()
    const available = r?.available ?? '0'
    const frozen = r?.frozen ?? '0'
    out[`${id}_balance`] = add(available, frozen)
    out[`${id}_available`] = available
    out[`${id}_pending`] = frozen
  }
  return out
}

/** Order states in HollaEx's words (an expired IOC, FOK or post-only order reads as cancelled). */
const STATUS: Record<string, string> = {
  waiting: 'new',
  open: 'new',
  partial: 'pfilled',
  filled: 'filled',
  cancelled: 'canceled',
  expired: 'canceled',
}

/** An order as HollaEx answers it (POST/GET/DELETE /v2/order, GET /v2/orders). */
export function orderOf(o: SpotOrder, inst: Pick<Instrument, 'base' | 'quote'>, userId: string) {
  return {
    id: o.id,
    symbol: pairName(inst),
    side: o.side,
    type: o.type,
    price: o.price,
    size: o.amount ?? o.filled,
    filled: o.filled,
    average: o.avgPrice,
    stop: null,
    fee: o.fee,
    fee_coin: inst.quote.toLowerCase(),
    status: STATUS[o.status] ?? o.status,
    meta: o.postOnly ? { post_only: true } : {},
    created_by: userId,
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
  }
}

/** GET /v2/user/trades: one of the user's fills. */
export function userTradeOf(f: SpotFill, inst: Pick<Instrument, 'base' | 'quote'>) {
  return {
    side: f.side,
    symbol: pairName(inst),
    size: f.amount,
    price: f.price,
    timestamp: iso(f.ts),
    order_id: f.orderId,
    fee: f.fee,
    fee_coin: inst.quote.toLowerCase(),
  }
}
