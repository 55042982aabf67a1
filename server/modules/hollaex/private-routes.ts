import {
  hollaexOrderSchema,
  listQuerySchema,
  orderIdQuerySchema,
  pairQuerySchema,
} from '@common/hollaex/schema'
import { placeOrderSchema, type SpotOrder } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import { parse } from '../../http/validate'
import { readBalances } from '../../ledger/ledger'
import { spotReads } from '../../platform/ports/spot-reads'
import { keyOf, requireHollaexKey } from './auth'
import { HollaexError } from './errors'
import { assetRows } from './repo'
import { HOLLAEX_BASE, type Surface } from './routes'
import { balanceOf, orderOf, userTradeOf } from './wire'

/** The signed routes: balance, orders and the user's trades (scope `read`; placing and cancelling `spot:trade`). */
export function hollaexPrivateRoutes(app: FastifyInstance, s: Surface): void {
  const { db, market } = s
  const read = { preHandler: requireHollaexKey(db, HOLLAEX_BASE, 'read') }
  const trade = { preHandler: requireHollaexKey(db, HOLLAEX_BASE, 'spot:trade') }
  const reads = () => spotReads.get()
  const wire = (o: SpotOrder, userId: string) => {
    const inst = market.instruments().find((i) => i.symbol === o.symbol)
    if (!inst) throw new HollaexError(404, 'Order not found')
    return orderOf(o, inst, userId)
  }

  app.get('/v2/user/balance', read, async (req) => {
    const { userId } = keyOf(req)
    const [assets, rows] = await Promise.all([assetRows(db), readBalances(db, userId, { account: 'spot' })])
    return balanceOf(
      assets.map((a) => a.code),
      rows,
      Date.now(),
    )
  })

  app.post('/v2/order', trade, async (req) => {
    const { userId } = keyOf(req)
    const b = parse(hollaexOrderSchema, req.body)
    if (b.stop !== undefined && b.stop !== null)
      throw new HollaexError(400, 'Error 1001 - Stop orders are not offered on this API: use the native API')
    const inst = s.pair(b.symbol)
    const postOnly = b.meta?.post_only === true
    const input = parse(placeOrderSchema, {
      symbol: inst.symbol,
      side: b.side,
      type: b.type,
      amount: b.size,
      ...(b.type === 'limit' && b.price !== undefined ? { price: b.price } : {}),
      ...(postOnly ? { postOnly } : {}),
    })
    const order = await (await s.spot()).place(userId, input)
    return wire(order, userId)
  })

  app.delete('/v2/order', trade, async (req) => {
    const { userId } = keyOf(req)
    const { order_id } = parse(orderIdQuerySchema, req.query)
    return wire(await (await s.spot()).cancel(userId, order_id), userId)
  })

  /** Cancels the user's open orders of a pair; answers them as cancelled. */
  app.delete('/v2/order/all', trade, async (req) => {
    const { userId } = keyOf(req)
    const { symbol } = parse(pairQuerySchema, req.query)
    const inst = s.pair(symbol)
    const open = await reads().openOrders(db, market, userId, inst.symbol)
    await (await s.spot()).cancelAll(userId, inst.symbol)
    const after = await Promise.all(open.map((o) => reads().order(db, market, userId, o.id)))
    return after.flatMap((o) => (o ? [wire(o, userId)] : []))
  })

  app.get('/v2/order', read, async (req) => {
    const { userId } = keyOf(req)
    const { order_id } = parse(orderIdQuerySchema, req.query)
    const o = await reads().order(db, market, userId, order_id)
    if (!o) throw new HollaexError(404, `Order not found: ${order_id}`)
    return wire(o, userId)
  })

  /** Newest first. `open=true`: open orders; `open=false`: filled and cancelled ones; none: all. */
  app.get('/v2/orders', read, async (req) => {
    const { userId } = keyOf(req)
    const q = parse(listQuerySchema, req.query)
    const symbol = q.symbol === undefined ? undefined : s.pair(q.symbol).symbol
    const since = q.start_date ? Date.parse(q.start_date) : 0
    let list: SpotOrder[]
    if (q.open === 'true') list = await reads().openOrders(db, market, userId, symbol)
    else {
      list = await reads().history(db, market, userId, { ...(symbol ? { symbol } : {}), limit: 100 * q.page })
      if (q.open === 'false') list = list.filter((o) => o.status === 'filled' || o.status === 'cancelled')
    }
    const page = list.filter((o) => o.createdAt >= since).slice((q.page - 1) * q.limit, q.page * q.limit)
    return { count: page.length, data: page.map((o) => wire(o, userId)) }
  })

  app.get('/v2/user/trades', read, async (req) => {
    const { userId } = keyOf(req)
    const q = parse(listQuerySchema, req.query)
    const symbol = q.symbol === undefined ? undefined : s.pair(q.symbol).symbol
    const since = q.start_date ? Date.parse(q.start_date) : 0
    const fills = await reads().fills(db, userId, { ...(symbol ? { symbol } : {}), limit: q.limit * q.page })
    const page = fills.filter((f) => f.ts >= since).slice((q.page - 1) * q.limit, q.page * q.limit)
    const data = page.flatMap((f) => {
      const inst = market.instruments().find((i) => i.symbol === f.symbol)
      return inst ? [userTradeOf(f, inst)] : []
    })
    return { count: data.length, data }
  })
}
