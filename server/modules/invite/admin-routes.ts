import { inviteConfigSchema, partnerGrantSchema } from '@common/invite/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { changeRules, grantPartner, overview } from './console'
import { inviteService } from './service'

/**
 * The console's invitation page (#/admin/invite): the VIP tiers and partner ranks with their
 * rebate shares (config rows), partner grants, and the rebates paid per day. Every change is
 * audited in its own transaction. Staff only: the console gate (server/platform/staff/duties.ts)
 * runs before every /api/admin handler.
 */
export async function inviteAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const svc = inviteService(deps.db)

  app.get('/overview', async () => ok(await overview(svc)))

  app.post('/config', async (req) =>
    ok(await changeRules(svc, parse(inviteConfigSchema, req.body), actor(req))),
  )

  app.post('/partner', async (req) =>
    ok(await grantPartner(svc, parse(partnerGrantSchema, req.body), actor(req))),
  )
}
