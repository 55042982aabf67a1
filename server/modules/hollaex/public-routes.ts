import { chartQuerySchema, optionalPairQuerySchema, pairQuerySchema } from '@common/hollaex/schema'
import type { FastifyInstance } from 'fastify'
import { parse } from '../../http/validate'
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
    const t = market.publicTicker(inst.symbol)
    if (!t)
      return { open: null, close: null, high: null, low: null, last: null, volume: '0', timestamp: null }
    return tickerOf(t)
  })

  app.get('/v2/tickers', async () => {
    const out: Record<string, object> = {}
    for (const inst of s.pairs()) {
      const t = market.publicTicker(inst.symbol)
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

  /**
   * Candles from `from` to `to` (seconds), oldest first: the pair's chart as GET /api/market/kline
   * draws it (a spot market's own trades, docs/products/market-data.md).
   */
  app.get('/v2/chart', async (req) => {
    const q = parse(chartQuerySchema, req.query)
    const inst = s.pair(q.symbol)
    const from = q.from * 1000
    const candles = await market.tradeCandles(
      inst.symbol,
      RESOLUTIONS[q.resolution],
      q.to * 1000 + 1,
      MAX_CANDLES,
    )
    const name = s.nameOf(inst)
    return candles.filter((c) => c.t >= from).map((c) => candleOf(c, name))
  })
}
