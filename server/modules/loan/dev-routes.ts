import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { loanNow, setLoanClock } from './clock'
import { LoanJobs } from './jobs'
import { loanService } from './service'

const clockSchema = v.object({
  /** Move the loan clock to this instant (epoch ms)... */
  at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** ...or by this offset from the wall clock (0 resets it). */
  offsetMs: v.optional(v.pipe(v.number(), v.integer())),
})

/**
 * Test hooks, registered only when NODE_ENV is not "production" (like contract/dev-routes.ts):
 * - POST /api/dev/loan/clock {at | offsetMs}: the loan test clock (interest so far, due dates,
 *   overdue, reminders and the withdrawal lock all read it);
 * - POST /api/dev/loan/run: one scheduler pass (overdue extension, unpaid, reminders) now, awaited.
 */
export async function loanDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = loanService(deps.db)
  const jobs = new LoanJobs(deps.db, svc)

  app.post('/dev/loan/clock', async (req) => {
    const { at, offsetMs } = parse(clockSchema, req.body)
    setLoanClock(at !== undefined ? at - Date.now() : (offsetMs ?? 0))
    return ok({ now: loanNow() })
  })

  app.post('/dev/loan/run', async () => ok(await jobs.tick(loanNow())))
}
