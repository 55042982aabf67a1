import {
  etfCodeSchema,
  etfHistoryQuerySchema,
  etfOrdersQuerySchema,
  etfRedeemSchema,
  etfSubscribeSchema,
} from '@common/etf/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { etfService } from './service'

const productQuery = v.object({ product: etfCodeSchema })

/**
 * ETF products: the prescribed API (GET /etf/products, POST /etf/subscribe {product, amount},
 * POST /etf/redeem {product, units}, GET /etf/orders) plus one product, the user's holdings and
 * the NAV history for the chart. Thin layer over EtfService's reads and trade.
 */
export async function etfRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const { reads, trade } = etfService(db, market)
  const auth = { preHandler: requireUser }
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id

  app.get('/etf/products', async () => ok(await reads.products()))
  app.get('/etf/product', async (req) => ok(await reads.product(parse(productQuery, req.query).product)))
  app.get('/etf/nav', async (req) => {
    const { product, range } = parse(etfHistoryQuerySchema, req.query)
    return ok(await reads.history(product, range))
  })
  app.post('/etf/subscribe', auth, async (req) =>
    ok(await trade.subscribe(me(req), parse(etfSubscribeSchema, req.body))),
  )
  app.post('/etf/redeem', auth, async (req) =>
    ok(await trade.redeem(me(req), parse(etfRedeemSchema, req.body))),
  )
  app.get('/etf/orders', auth, async (req) =>
    ok(await reads.orders(me(req), parse(etfOrdersQuerySchema, req.query))),
  )
  app.get('/etf/holdings', auth, async (req) => ok(await reads.holdings(me(req))))
}
