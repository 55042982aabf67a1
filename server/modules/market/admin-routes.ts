import { marketLimitsSchema, marketMakersSchema, marketStatusSchema } from '@common/admin/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { listMarkets, setLimits, setMarketMakers, setStatus } from './console'

/**
 * /api/admin/markets/* and /api/admin/market-makers: the console's markets page (suspend and
 * resume, minimums and fees) and the demo market makers' switch, every change audited. Staff
 * only: the console gate (server/platform/staff/duties.ts) runs before every /api/admin handler.
 */
export async function marketAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps

  app.get('/markets/list', async () => ok(await listMarkets(db)))

  app.post('/markets/status', async (req) => {
    await setStatus(db, market, parse(marketStatusSchema, req.body), actor(req))
    return ok(null)
  })

  app.post('/markets/limits', async (req) => {
    await setLimits(db, market, parse(marketLimitsSchema, req.body), actor(req))
    return ok(null)
  })

  app.post('/market-makers', async (req) =>
    ok(await setMarketMakers(db, parse(marketMakersSchema, req.body), actor(req))),
  )
}
