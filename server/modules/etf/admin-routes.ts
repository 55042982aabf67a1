import { etfCreateSchema, etfStatusSchema } from '@common/etf/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import { etfService } from './service'

/**
 * /api/admin/etf/*: the console's ETF page, behind the staff guard like every console route.
 * Operators create, pause, resume and close products; every change is audited. Nothing here sets
 * a NAV: it always comes from the index prices.
 */
export async function etfAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = etfService(db, market)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  /** Every product, closed ones too. */
  app.get('/products', async () => {
    const now = Date.now()
    return ok(await Promise.all((await svc.products()).map((r) => svc.toWire(r, now))))
  })

  app.post('/create', async (req) => {
    const input = parse(etfCreateSchema, req.body)
    const after = await svc.create(input)
    await writeAudit(db, {
      ...actor(req),
      action: 'etf.create',
      targetType: 'etf_product',
      targetId: after.code,
      before: null,
      after,
      reason: input.reason,
    })
    return ok(await svc.toWire(after))
  })

  app.post('/status', async (req) => {
    const { code, action, reason } = parse(etfStatusSchema, req.body)
    if (action === 'close') {
      const r = await svc.close(code, currentUser(req).id)
      await writeAudit(db, {
        ...actor(req),
        action: 'etf.close',
        targetType: 'etf_product',
        targetId: code,
        before: r.before,
        after: { ...r.after, redeemedHolders: r.holders, closeNav: r.nav },
        reason,
      })
      return ok({ ...(await svc.toWire(r.after)), redeemedHolders: r.holders })
    }
    const r = await svc.setStatus(code, action === 'pause' ? 'paused' : 'active')
    await writeAudit(db, {
      ...actor(req),
      action: `etf.${action}`,
      targetType: 'etf_product',
      targetId: code,
      before: r.before,
      after: r.after,
      reason,
    })
    return ok({ ...(await svc.toWire(r.after)), redeemedHolders: 0 })
  })
}
