import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { EtfJobs } from './jobs'
import { etfService } from './service'

const runSchema = v.object({
  at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})

/**
 * Test hooks, registered only when NODE_ENV is not "production" (like contract/dev-routes.ts):
 * - POST /api/dev/etf/run {at?}: one pass of the ETF scheduler as if the clock read `at` (epoch
 *   ms, default now): launch, the daily rebalance due at that time, intraday rebalances and the
 *   NAV point of that minute. Index prices are driven with POST /api/dev/market/index.
 */
export async function etfDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = etfService(deps.db, deps.market)
  app.post('/dev/etf/run', async (req) => {
    const { at } = parse(runSchema, req.body)
    return ok(await EtfJobs.pass(svc, at ?? Date.now()))
  })
}
