import { etfCreateSchema, etfStatusSchema } from '@common/etf/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { assertStaffReady } from '../../platform/staff/staff'
import { etfService } from './service'

/**
 * /api/admin/etf/*: the console's ETF page, behind the staff guard like every console route.
 * Operators create, pause, resume and close products; every change is audited (console.ts).
 */
export async function etfAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const { reads, console: desk } = etfService(db, market)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  /** Every product, closed ones too. */
  app.get('/products', async () => ok(await reads.products(true)))
  app.post('/create', async (req) => ok(await desk.create(parse(etfCreateSchema, req.body), actor(req))))
  app.post('/status', async (req) => {
    const { code, action, reason } = parse(etfStatusSchema, req.body)
    return ok(await desk.status(code, action, reason, actor(req)))
  })
}
