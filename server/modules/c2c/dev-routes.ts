import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { c2cNow, setC2cClock } from './core'
import { C2cJobs } from './jobs'
import { c2cService } from './service'

const clockSchema = v.object({
  offsetMs: v.pipe(v.number(), v.integer()),
  holdScheduledPass: v.optional(v.boolean()),
})

/**
 * Test hooks, registered only when NODE_ENV is not "production" (like loan/dev-routes.ts):
 * - POST /api/dev/c2c/clock {offsetMs, holdScheduledPass?}: the C2C test clock (payment windows, the
 *   cancel limit); holdScheduledPass keeps the 10 s timeout pass from running until the next call;
 * - POST /api/dev/c2c/run: one timeout pass now, awaited.
 */
export async function c2cDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const jobs = new C2cJobs(c2cService(deps.db))
  app.post('/dev/c2c/clock', async (req) => {
    const { offsetMs, holdScheduledPass } = parse(clockSchema, req.body)
    setC2cClock(offsetMs, holdScheduledPass)
    return ok({ now: c2cNow() })
  })
  app.post('/dev/c2c/run', async () => ok(await jobs.tick(c2cNow())))
}
