import { parseLang } from '@common/i18n/languages'
import {
  favoriteBodySchema,
  favoriteMergeSchema,
  instrumentsQuerySchema,
  klineQuerySchema,
  symbolQuerySchema,
} from '@common/market/schema'
import { type Candle, chartSeriesOf, type Floor, type Ticker } from '@common/market/types'
import { cmp } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { candlesBefore, fromRow } from '../../market/repo'
import type { MarketData } from '../../market/service'
import { floorContent } from '../../platform/content/floor-content'
import type { ModuleDeps } from '../../platform/module-deps'
import { marketAdminRoutes } from './admin-routes'
import { addFavorites, listFavorites, removeFavorite } from './favorites'

const FEATURED = 5

/** Home layout. Banners and notices come with the content area; until then there are none. */
export function buildFloor(market: MarketData): Floor {
  // Spot only: a perpetual follows the same index as its spot pair and would repeat it.
  const usdt = new Set(
    market
      .instruments()
      .filter((i) => i.category === 'spot')
      .map((i) => i.symbol),
  )
  // This exchange's own figures: a market that never traded has no change and no volume to rank by.
  const ranked = market.publicTickers().filter((t) => usdt.has(t.symbol))
  const by = (f: (a: Ticker, b: Ticker) => number) =>
    [...ranked]
      .sort(f)
      .slice(0, FEATURED)
      .map((t) => t.symbol)
  return {
    banners: [],
    notices: [],
    shortcuts: [
      { id: 'markets', path: '/pages/market/market' },
      { id: 'chart', path: '/pages/market/quote', search: { symbol: 'BTCUSDT' } },
      { id: 'contract', path: '/pages/trade/trade-leverage', search: { symbol: 'BTCUSDT_PERP' } },
      { id: 'recharge', path: '/pages/assets/recharge-currency' },
      { id: 'withdraw', path: '/pages/assets/withdraw', search: { coin: 'USDT' } },
      { id: 'transfer', path: '/pages/assets/transfer' },
      { id: 'exchange', path: '/pages/assets/exchange' },
      { id: 'menu', path: '/pages/common/menu' },
    ],
    lists: {
      gainers: by((a, b) => cmp(b.change, a.change)),
      losers: by((a, b) => cmp(a.change, b.change)),
      volume: by((a, b) => cmp(b.turnover, a.turnover)),
      hot: market
        .instruments()
        .filter((i) => i.hot)
        .map((i) => i.symbol),
    },
  }
}

export async function marketRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  const { db, market } = opts

  const known = (symbol: string) => {
    const inst = market.instrument(symbol)
    if (!inst) throw new AppError('unknownSymbol')
    return inst
  }

  app.get('/market/instruments', async (req) => {
    const { category } = parse(instrumentsQuerySchema, req.query)
    // The mode rides on the list every market screen loads: no request of its own on a first screen.
    const demo = opts.config.marketData === 'demo'
    const list = market.instruments().map((i) => ({ ...i, demo }))
    return ok(category ? list.filter((i) => i.category === category) : list)
  })

  app.get('/market/tickers', async () => ok(market.publicTickers()))

  app.get('/market/ticker', async (req) => {
    const { symbol } = parse(symbolQuerySchema, req.query)
    known(symbol)
    return ok(market.publicTicker(symbol))
  })

  app.get('/market/detail', async (req) => {
    const { symbol } = parse(symbolQuerySchema, req.query)
    known(symbol)
    const instrument = market.instruments().find((i) => i.symbol === symbol)
    return ok({ instrument, ticker: market.publicTicker(symbol) })
  })

  app.get('/market/kline', async (req) => {
    const q = parse(klineQuerySchema, req.query)
    const inst = known(q.symbol)
    // The chart rule (docs/products/market-data.md): a spot market's own trades, the index for the rest.
    if (chartSeriesOf(inst.category) === 'trades')
      return ok(await market.tradeCandles(q.symbol, q.period, q.to, q.limit))
    const to = q.to ?? Number.MAX_SAFE_INTEGER
    const stored = await candlesBefore(db, q.symbol, q.period, to, q.limit)
    const byTime = new Map<number, Candle>()
    for (const r of stored) {
      const c = fromRow(r, inst.price_precision, inst.amount_precision)
      byTime.set(c.t, market.wire(q.symbol, c))
    }
    // Newer than the database (flushed every few seconds): the builder's own candles.
    for (const c of market.unflushed(q.symbol, q.period)) if (c.t < to) byTime.set(c.t, c)
    const list = [...byTime.values()].sort((a, b) => a.t - b.t).slice(-q.limit)
    return ok(list)
  })

  app.get('/floor', async (req) =>
    ok({ ...buildFloor(market), ...(await floorContent(db, parseLang(req.headers.lang))) }),
  )

  app.get('/market/favorites', { preHandler: requireUser }, async (req) => {
    return ok(await listFavorites(db, currentUser(req).id))
  })

  app.post('/market/favorites/add', { preHandler: requireUser }, async (req) => {
    const { symbol } = parse(favoriteBodySchema, req.body)
    known(symbol)
    const user = currentUser(req)
    const list = await addFavorites(db, user.id, [symbol])
    market.emit('favorites', user.id, list)
    return ok(list)
  })

  app.post('/market/favorites/remove', { preHandler: requireUser }, async (req) => {
    const { symbol } = parse(favoriteBodySchema, req.body)
    const user = currentUser(req)
    const list = await removeFavorite(db, user.id, symbol)
    market.emit('favorites', user.id, list)
    return ok(list)
  })

  /** After login: the visitor's local favourites join the account's (unknown symbols are dropped). */
  app.post('/market/favorites/merge', { preHandler: requireUser }, async (req) => {
    const { symbols } = parse(favoriteMergeSchema, req.body)
    const user = currentUser(req)
    const list = await addFavorites(
      db,
      user.id,
      symbols.filter((s) => market.instrument(s)),
    )
    market.emit('favorites', user.id, list)
    return ok(list)
  })

  // The console's markets page and the market makers' switch, /api/admin/markets/*.
  await app.register(marketAdminRoutes, { ...opts, prefix: '/admin' })
}
