import { optionFundSchema, optionSettingSchema } from '@common/option/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { changeSetting, fundPool, overview } from './console'
import { optionService } from './service'

/**
 * /api/admin/option/*: settings per instrument and period (apply to rounds created after the
 * change; rounds already listed keep theirs), the pool and its funding from the treasury. Every
 * change audited. Nothing here sets a price or a result. Staff only: the console gate
 * (server/platform/staff/duties.ts) runs before every /api/admin handler.
 */
export async function optionAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = optionService(deps.db)

  app.get('/overview', async () => ok(await overview(svc)))

  app.post('/settings', async (req) =>
    ok(await changeSetting(svc, parse(optionSettingSchema, req.body), actor(req))),
  )

  app.post('/pool/fund', async (req) =>
    ok(await fundPool(svc, parse(optionFundSchema, req.body), actor(req))),
  )
}
