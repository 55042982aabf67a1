import { chartQuerySchema, optionalPairQuerySchema, pairQuerySchema } from '@common/hollaex/schema'
import type { Candle } from '@common/market/types'
import type { FastifyInstance } from 'fastify'
import { parse } from '../../http/validate'
import { candlesBefore, fromRow } from '../../market/repo'
import { spotReads } from '../../platform/ports/spot-reads'
import { assetRows, feeRows } from './repo'
import type { Surface } from './routes'
import { candleOf, constantsOf, orderbookOf, publicTradeOf, RESOLUTIONS, tickerOf } from './wire'

const DEPTH_LEVELS = 50
const TRADES = 50
const MAX_CANDLES = 1000

/** The public market data of the HollaEx-compatible surface (GET /v2/...). */
export function hollaexPublicRoutes(app: FastifyInstance, s: Surface): void {
  const { db, market } = s

  app.get('/v2/constants', async () => {
    const [assets, fees] = await Promise.all([assetRows(db), feeRows(db)])
    const pairs = s
      .pairs()
      .map((inst) => ({ inst, fees: fees.get(inst.symbol) ?? { maker: '0', taker: '0' } }))
    return constantsOf(pairs, assets)
  })

  app.get('/v2/ticker', async (req) => {
    const inst = s.pair(parse(pairQuerySchema, req.query).symbol)
    const t = market.ticker(inst.symbol)
    if (!t)
      return { open: null, close: null, high: null, low: null, last: null, volume: '0', timestamp: null }
    return tickerOf(t)
  })

  app.get('/v2/tickers', async () => {
    const out: Record<string, object> = {}
    for (const inst of s.pairs()) {
      const t = market.ticker(inst.symbol)
      if (t) out[s.nameOf(inst)] = tickerOf(t, s.nameOf(inst))
    }
    return out
  })

  app.get('/v2/orderbook', async (req) => {
    const { symbol } = parse(optionalPairQuerySchema, req.query)
    const list = symbol ? [s.pair(symbol)] : s.pairs()
    const spot = await s.spot()
    return Object.fromEntries(list.map((i) => [s.nameOf(i), orderbookOf(spot.depth(i.symbol, DEPTH_LEVELS))]))
  })

  app.get('/v2/orderbooks', async () => {
    const spot = await s.spot()
    return Object.fromEntries(
      s.pairs().map((i) => [s.nameOf(i), orderbookOf(spot.depth(i.symbol, DEPTH_LEVELS))]),
    )
  })

  app.get('/v2/trades', async (req) => {
    const { symbol } = parse(optionalPairQuerySchema, req.query)
    const list = symbol ? [s.pair(symbol)] : s.pairs()
    const reads = spotReads.get()
    const trades = await Promise.all(list.map((i) => reads.recentTrades(db, i.symbol, TRADES)))
    return Object.fromEntries(list.map((i, k) => [s.nameOf(i), (trades[k] ?? []).map(publicTradeOf)]))
  })

  /** Candles from `from` to `to` (seconds), as GET /api/market/kline builds them, oldest first. */
  app.get('/v2/chart', async (req) => {
    const q = parse(chartQuerySchema, req.query)
    const inst = s.pair(q.symbol)
    const period = RESOLUTIONS[q.resolution]
    const from = q.from * 1000
    const to = q.to * 1000 + 1
    const stored = await candlesBefore(db, inst.symbol, period, to, MAX_CANDLES)
    const byTime = new Map<number, Candle>()
    for (const r of stored) {
      const c = fromRow(r, inst.pricePrecision, inst.amountPrecision)
      byTime.set(c.t, market.wire(inst.symbol, c))
    }
    for (const c of market.unflushed(inst.symbol, period)) if (c.t < to) byTime.set(c.t, c)
    const name = s.nameOf(inst)
    return [...byTime.values()]
      .filter((c) => c.t >= from && c.t < to)
      .sort((a, b) => a.t - b.t)
      .slice(-MAX_CANDLES)
      .map((c) => candleOf(c, name))
  })
}
