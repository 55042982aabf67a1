import { cursorPage } from '@common/api/page'
import { nextFundingAt } from '@common/contract/funding'
import {
  contractCancelAllSchema,
  contractCancelSchema,
  contractCloseAllSchema,
  contractCloseSchema,
  contractHistoryQuerySchema,
  contractOptionalSymbolQuerySchema,
  contractPlaceSchema,
  contractReverseSchema,
  contractSymbolQuerySchema,
  contractTpslSchema,
  fundingQuerySchema,
} from '@common/contract/schema'
import { depthQuerySchema, tradesQuerySchema } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { orderOfHolder } from './engine-repo'
import { orderToWire } from './model'
import { localContract } from './port'
import {
  fillsOf,
  fundingPaymentsOf,
  fundingRounds,
  insuranceFund,
  liquidationsOf,
  orderHistory,
  pageSchemaOf,
  positionHistory,
  recentContractTrades,
} from './repo'
import { contractService } from './service'
import { instrumentToWire } from './wire'

const pageSchema = pageSchemaOf(30)

/** Perpetual contracts: thin HTTP layer over ContractService (use cases) and repo (queries). */
export async function contractRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = contractService(db)
  svc.attachMarket(market)
  // Instruments and settings come from here on every role; live state from the engine's port.
  await svc.init()
  const engine = deps.engines?.contract ?? localContract(svc)
  const auth = { preHandler: requireUser }
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id

  app.post('/contract/order/place', auth, async (req) =>
    ok(await engine.place(me(req), parse(contractPlaceSchema, req.body))),
  )
  /** Cancel by id, or by client order id (the caller's open order with it). */
  app.post('/contract/order/cancel', auth, async (req) => {
    const ref = parse(contractCancelSchema, req.body)
    if (ref.id !== undefined) return ok(await engine.cancel(me(req), ref.id))
    const row = await orderOfHolder(db, me(req), ref)
    if (!row) throw new AppError('orderNotFound')
    if (row.status !== 'open' && row.status !== 'partial') throw new AppError('orderNotOpen')
    return ok(await engine.cancel(me(req), row.id))
  })
  /** One of the caller's orders, by id or by client order id (the latest with it). */
  app.get('/contract/order', auth, async (req) => {
    const row = await orderOfHolder(db, me(req), parse(contractCancelSchema, req.query))
    if (!row) throw new AppError('orderNotFound')
    return ok(orderToWire(row, svc.inst(row.symbol).pp))
  })
  app.post('/contract/order/cancel-all', auth, async (req) => {
    const { symbol } = parse(contractCancelAllSchema, req.body)
    if (symbol) svc.inst(symbol)
    return ok({ cancelled: await engine.cancelAll(me(req), symbol) })
  })
  app.get('/contract/orders/open', auth, async (req) => {
    const { symbol } = parse(contractOptionalSymbolQuerySchema, req.query)
    return ok(await engine.openOrders(me(req), symbol))
  })
  app.get('/contract/orders/history', auth, async (req) => {
    const q = parse(contractHistoryQuerySchema, req.query)
    const rows = await orderHistory(db, me(req), q)
    return ok(
      cursorPage(
        rows.map((o) => orderToWire(o, svc.inst(o.symbol).pp)),
        q.limit,
      ),
    )
  })
  app.get('/contract/fills', auth, async (req) => {
    const q = parse(contractHistoryQuerySchema, req.query)
    const list = await fillsOf(db, me(req), q)
    return ok(cursorPage(list, q.limit))
  })
  app.get('/contract/positions', auth, async (req) => {
    const { symbol } = parse(contractOptionalSymbolQuerySchema, req.query)
    return ok(await engine.positions(me(req), symbol))
  })
  app.get('/contract/positions/history', auth, async (req) => {
    const q = parse(contractHistoryQuerySchema, req.query)
    const list = await positionHistory(db, me(req), q)
    return ok(cursorPage(list, q.limit))
  })
  app.post('/contract/position/close', auth, async (req) =>
    ok(await engine.close(me(req), parse(contractCloseSchema, req.body))),
  )
  app.post('/contract/position/close-all', auth, async (req) => {
    const { symbol } = parse(contractCloseAllSchema, req.body)
    return ok({ closed: await engine.closeAll(me(req), symbol) })
  })
  app.post('/contract/position/reverse', auth, async (req) => {
    const { symbol, side } = parse(contractReverseSchema, req.body)
    return ok(await engine.reverse(me(req), symbol, side))
  })
  app.post('/contract/position/tpsl', auth, async (req) =>
    ok(await engine.tpsl(me(req), parse(contractTpslSchema, req.body))),
  )
  app.get('/contract/account', auth, async (req) => ok(await engine.account(me(req))))
  app.get('/contract/funding/payments', auth, async (req) => {
    const q = parse(contractHistoryQuerySchema, req.query)
    const list = await fundingPaymentsOf(db, me(req), q)
    return ok(cursorPage(list, q.limit))
  })
  app.get('/contract/liquidations', auth, async (req) => {
    const q = parse(contractHistoryQuerySchema, req.query)
    const list = await liquidationsOf(db, me(req), q)
    return ok(cursorPage(list, q.limit))
  })

  // ---- public ----
  app.get('/contract/instruments', async () =>
    ok(
      [...svc.insts.values()].map((i) =>
        instrumentToWire(i, market.instrument(i.symbol)?.status ?? 'suspended'),
      ),
    ),
  )
  app.get('/contract/info', async (req) => {
    const { symbol } = parse(contractSymbolQuerySchema, req.query)
    svc.inst(symbol)
    return ok(await engine.info(symbol))
  })
  app.get('/contract/funding', async (req) => {
    const q = parse(fundingQuerySchema, req.query)
    svc.inst(q.symbol)
    const list = await fundingRounds(db, q.symbol, q)
    return ok({
      symbol: q.symbol,
      fundingRate: await engine.fundingRate(q.symbol),
      nextFundingAt: nextFundingAt(Date.now()),
      ...cursorPage(list, q.limit),
    })
  })
  app.get('/contract/insurance', async (req) => ok(await insuranceFund(db, parse(pageSchema, req.query))))
  app.get('/contract/depth', async (req) => {
    const { symbol, limit } = parse(depthQuerySchema, req.query)
    svc.inst(symbol)
    return ok(engine.depth(symbol, limit))
  })
  app.get('/contract/trades', async (req) => {
    const { symbol, limit } = parse(tradesQuerySchema, req.query)
    svc.inst(symbol)
    return ok(await recentContractTrades(db, symbol, limit))
  })
}
