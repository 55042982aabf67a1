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
import { etfAdminRoutes } from './admin-routes'
import { etfService } from './service'

const productQuery = v.object({ product: etfCodeSchema })

/**
 * ETF products: the prescribed API (GET /etf/products, POST /etf/subscribe {product, amount},
 * POST /etf/redeem {product, units}, GET /etf/orders) plus one product, the user's holdings and
 * the NAV history for the chart. Thin layer over EtfService.
 */
export async function etfRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = etfService(db, market)
  const auth = { preHandler: requireUser }
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id

  app.get('/etf/products', async () => {
    const now = Date.now()
    const rows = await svc.products()
    return ok(await Promise.all(rows.filter((r) => r.status !== 'closed').map((r) => svc.toWire(r, now))))
  })
  app.get('/etf/product', async (req) => {
    const { product } = parse(productQuery, req.query)
    return ok(await svc.toWire(await svc.product(product)))
  })
  app.get('/etf/nav', async (req) => {
    const { product, range } = parse(etfHistoryQuerySchema, req.query)
    return ok(await svc.history(product, range))
  })
  app.post('/etf/subscribe', auth, async (req) =>
    ok(await svc.subscribe(me(req), parse(etfSubscribeSchema, req.body))),
  )
  app.post('/etf/redeem', auth, async (req) =>
    ok(await svc.redeem(me(req), parse(etfRedeemSchema, req.body))),
  )
  app.get('/etf/orders', auth, async (req) =>
    ok(await svc.orders(me(req), parse(etfOrdersQuerySchema, req.query))),
  )
  app.get('/etf/holdings', auth, async (req) => ok(await svc.holdings(me(req))))

  await app.register(etfAdminRoutes, { ...deps, prefix: '/admin/etf' })
}
