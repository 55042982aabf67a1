import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { earnService } from './service'

const clockSchema = v.object({
  /** Move the test clock forward by this many ms (0 just runs the schedulers). */
  advanceMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3650 * 86_400_000)), 0),
  /** Or set the offset from the wall clock outright (0 = back to real time). */
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
})

/**
 * Test hooks, registered only when NODE_ENV is not "production":
 * - POST /api/dev/earn/clock {advanceMs?, offset?}: moves the earn test clock, then runs one
 *   scheduler pass (project states, announcements, staking days) at the new time, awaited.
 */
export async function earnDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = earnService(deps.db)
  app.post('/dev/earn/clock', async (req) => {
    const { advanceMs, offset } = parse(clockSchema, req.body ?? {})
    if (offset !== undefined) svc.offset = offset
    svc.offset += advanceMs
    const pass = await svc.tick()
    return ok({ now: svc.now(), offset: svc.offset, ...pass })
  })
}
