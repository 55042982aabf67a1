import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { InviteJobs } from './jobs'
import { InviteService, inviteNow, inviteService, setInviteClock } from './service'

const clockSchema = v.object({
  /** Move the invitation clock to this instant (epoch ms)... */
  at: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** ...or by this offset from the wall clock (0 resets it). */
  offsetMs: v.optional(v.pipe(v.number(), v.integer())),
})

/**
 * Test hooks, registered only when NODE_ENV is not "production" (like loan/dev-routes.ts):
 * - POST /api/dev/invite/clock {at | offsetMs}: the invitation test clock (the daily window);
 * - POST /api/dev/invite/run: one daily pass now, awaited;
 * - POST /api/dev/invite/restart: the pass as a freshly started process would run it (a new
 *   service with nothing in memory), to show nothing is paid twice.
 */
export async function inviteDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = inviteService(deps.db)
  const jobs = new InviteJobs(svc)

  app.post('/dev/invite/clock', async (req) => {
    const { at, offsetMs } = parse(clockSchema, req.body)
    setInviteClock(at !== undefined ? at - Date.now() : (offsetMs ?? 0))
    return ok({ now: inviteNow() })
  })

  app.post('/dev/invite/run', async () => ok(await jobs.tick(inviteNow())))

  app.post('/dev/invite/restart', async () => {
    const fresh = new InviteService(deps.db)
    fresh.attachMarket(deps.market)
    const r = await new InviteJobs(fresh).tick(inviteNow())
    await svc.reload()
    return ok(r)
  })
}
