import { cursorPage } from '@common/api/page'
import { symbolQuerySchema } from '@common/market/schema'
import { normalize } from '@common/money/decimal'
import {
  cancelAllSchema,
  cancelOrderSchema,
  depthQuerySchema,
  historyQuerySchema,
  ocoOrderSchema,
  openOrdersQuerySchema,
  orderRefSchema,
  placeOrderSchema,
  tradesQuerySchema,
} from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { readBalances } from '../../ledger/ledger'
import { assetPrecisions } from '../../ledger/precision'
import type { ModuleDeps } from '../../platform/module-deps'
import type { SpotPort } from '../../platform/ports/engines'
import { vipFeeRates } from '../../platform/ports/fee-rates'
import {
  fillsOf,
  instrumentFees,
  openOrdersOf,
  orderByClientId,
  orderHistory,
  orderOf,
  orderToWire,
  recentTrades,
} from './repo'
import { spotService } from './service'

/** Spot trading: thin HTTP layer over SpotService (use cases) and repo (queries). */
export async function spotRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  const { db, market } = opts
  const local = spotService(db)
  local.attachMarket(market)
  // On a gateway the engine is remote (cluster/remote-engines.ts): no books to load here.
  const spot: SpotPort = opts.engines?.spot ?? local
  if (!opts.engines) await local.init()

  const knownSpot = (symbol: string) => {
    const inst = market.instrument(symbol)
    if (inst?.category !== 'spot') throw new AppError('unknownSymbol')
    return inst
  }
  const auth = { preHandler: requireUser }

  app.post('/spot/order/place', auth, async (req) => {
    const input = parse(placeOrderSchema, req.body)
    return ok(await spot.place(currentUser(req).id, input))
  })

  /** Cancel by id or by client order id (the holder's open order with it). */
  /** An OCO: a limit order and a stop sharing one freeze (docs/products/spot.md); answers both legs. */
  app.post('/spot/order/oco', auth, async (req) => {
    const input = parse(ocoOrderSchema, req.body)
    return ok(await spot.oco(currentUser(req).id, input))
  })

  app.post('/spot/order/cancel', auth, async (req) => {
    const ref = parse(cancelOrderSchema, req.body)
    const holder = currentUser(req).id
    if (ref.id !== undefined) return ok(await spot.cancel(holder, ref.id))
    const row = await orderByClientId(db, holder, ref.clientOrderId as string)
    if (!row) throw new AppError('orderNotFound')
    if (row.status !== 'open' && row.status !== 'partial') throw new AppError('orderNotOpen')
    return ok(await spot.cancel(holder, row.id))
  })

  /** One of the caller's orders, by id or by client order id (the latest with it). */
  app.get('/spot/order', auth, async (req) => {
    const ref = parse(orderRefSchema, req.query)
    const holder = currentUser(req).id
    const row =
      ref.id !== undefined
        ? await orderOf(db, holder, ref.id)
        : await orderByClientId(db, holder, ref.clientOrderId as string)
    if (!row) throw new AppError('orderNotFound')
    return ok(orderToWire(row, market.instrument(row.symbol)?.price_precision))
  })

  app.post('/spot/order/cancel-all', auth, async (req) => {
    const { symbol } = parse(cancelAllSchema, req.body)
    return ok({ cancelled: await spot.cancelAll(currentUser(req).id, symbol) })
  })

  app.get('/spot/orders/open', auth, async (req) => {
    const { symbol } = parse(openOrdersQuerySchema, req.query)
    const rows = await openOrdersOf(db, currentUser(req).id, symbol)
    return ok(rows.map((r) => orderToWire(r, market.instrument(r.symbol)?.price_precision)))
  })

  app.get('/spot/orders/history', auth, async (req) => {
    const q = parse(historyQuerySchema, req.query)
    const rows = await orderHistory(db, currentUser(req).id, q)
    return ok(
      cursorPage(
        rows.map((r) => orderToWire(r, market.instrument(r.symbol)?.price_precision)),
        q.limit,
      ),
    )
  })

  app.get('/spot/fills', auth, async (req) => {
    const q = parse(historyQuerySchema, req.query)
    const list = await fillsOf(db, currentUser(req).id, q)
    return ok({ list, hasMore: list.length >= q.limit })
  })

  /** The caller's spot-account balances of a pair's two assets (for the order form). */
  app.get('/spot/balance', auth, async (req) => {
    const { symbol } = parse(symbolQuerySchema, req.query)
    const inst = knownSpot(symbol)
    const rows = await readBalances(db, currentUser(req).id, { account: 'spot' })
    // Each asset's precision, so the form shows a balance at its display precision.
    const precisions = await assetPrecisions(db, [inst.base, inst.quote])
    const of = (asset: string) => {
      const r = rows.find((b) => b.asset === asset)
      const precision = precisions.get(asset)
      return {
        asset,
        available: r?.available ?? '0',
        frozen: r?.frozen ?? '0',
        ...(precision === undefined ? {} : { precision }),
      }
    }
    const fees = await instrumentFees(db, symbol)
    const makerFee = normalize(fees.maker_fee)
    const takerFee = normalize(fees.taker_fee)
    return ok({
      base: of(inst.base),
      quote: of(inst.quote),
      makerFee,
      takerFee,
      feeRates: vipFeeRates(db, currentUser(req).id, makerFee, takerFee),
    })
  })

  app.get('/spot/depth', async (req) => {
    const { symbol, limit } = parse(depthQuerySchema, req.query)
    knownSpot(symbol)
    return ok(spot.depth(symbol, limit))
  })

  app.get('/spot/trades', async (req) => {
    const { symbol, limit } = parse(tradesQuerySchema, req.query)
    knownSpot(symbol)
    return ok(await recentTrades(db, symbol, limit))
  })
}
