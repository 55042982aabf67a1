import { cursorPage } from '@common/api/page'
import { symbolSchema } from '@common/market/schema'
import { gt, sub } from '@common/money/decimal'
import {
  type OptionRounds,
  optionOrderSchema,
  optionOrdersQuerySchema,
  optionRoundIdSchema,
  optionRoundsQuerySchema,
} from '@common/option/schema'
import { limitSchema } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { ordersOf } from './repo'
import { roundById, settledRounds, ticksSince } from './round-repo'
import { optionService } from './service'
import { orderToWire, roundToWire } from './wire'

const ticksQuery = v.object({ symbol: symbolSchema, seconds: v.optional(limitSchema(600, 120)) })
const settledQuery = v.object({ symbol: symbolSchema, limit: limitSchema(50, 20) })

/** Short-term options: thin HTTP layer over OptionService. */
export async function optionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  // Looked up per request: a restart (dev hook) replaces the in-process service.
  const first = optionService(db)
  first.attachMarket(market)
  await first.init()
  const svc = () => {
    const s = optionService(db)
    s.attachMarket(market)
    return s
  }
  const auth = { preHandler: requireUser }
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id
  const offered = (symbol: string) => {
    if (!svc().symbols().includes(symbol)) throw new AppError('optionNotOffered')
  }

  app.get('/option/rounds', async (req) => {
    const { symbol } = parse(optionRoundsQuerySchema, req.query)
    offered(symbol)
    const rounds = await svc().buyableRounds(symbol)
    const pool = await svc().pool()
    const headroom = sub(pool.balance, pool.exposure)
    const out: OptionRounds = {
      symbol,
      index: svc().index(symbol),
      pricePrecision: svc().pricePrecision(symbol),
      symbols: svc().symbols(),
      rounds: rounds.map((r) => ({ ...roundToWire(r), acceptsOrders: gt(headroom, '0') })),
    }
    return ok(out)
  })

  app.post('/option/order', auth, async (req) => {
    const input = parse(optionOrderSchema, req.body)
    const { orderId } = await svc().order(me(req), input)
    const [row] = await ordersOf(db, me(req), { limit: 1, before: String(BigInt(orderId) + 1n) })
    return ok(orderToWire(row as NonNullable<typeof row>, svc().now()))
  })

  app.get('/option/orders', auth, async (req) => {
    const q = parse(optionOrdersQuerySchema, req.query)
    const rows = await ordersOf(db, me(req), q)
    const now = svc().now()
    return ok({
      ...cursorPage(
        rows.map((o) => orderToWire(o, now)),
        q.limit,
      ),
      now,
    })
  })

  /** The settlement proof of a round: its prices with the tick times they came from, band, result. */
  app.get('/option/round/:id', async (req) => {
    const { id } = parse(optionRoundIdSchema, req.params)
    const r = await roundById(db, id)
    if (!r) throw new AppError('optionRoundNotFound')
    return ok(roundToWire(r))
  })

  app.get('/option/rounds/settled', async (req) => {
    const { symbol, limit } = parse(settledQuery, req.query)
    offered(symbol)
    return ok((await settledRounds(db, symbol, limit)).map(roundToWire))
  })

  /** The recorded index of the last seconds (the line chart's history). */
  app.get('/option/ticks', async (req) => {
    const { symbol, seconds } = parse(ticksQuery, req.query)
    offered(symbol)
    const since = Math.floor(svc().now() / 1000) - (seconds ?? 120)
    const rows = await ticksSince(db, symbol, since)
    return ok(rows.map((r) => ({ t: Number(r.sec) * 1000, p: r.price })))
  })
}
