import { contractSettingsSchema } from '@common/contract/schema'
import { boundedText } from '@common/validate/strict'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { assertStaffReady } from '../../platform/staff/staff'
import { localContract } from './port'
import { insuranceFund, pageSchemaOf } from './repo'
import { contractService } from './service'
import { changeSettings } from './settings'
import { instrumentToWire } from './wire'

const userQuery = v.object({ userId: boundedText(64, 'invalid_id', 1) })

const pageQuery = pageSchemaOf(50)

/**
 * /api/admin/contract/*: the console's contract pages, behind the staff guard like every console
 * route; every change audited. Operators set instrument settings; nothing here sets a price or
 * touches a user's position.
 */
export async function contractAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = contractService(db)
  // Positions live in the engine's memory: on a gateway, on the core that owns it.
  const engine = deps.engines?.contract ?? localContract(svc)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/instruments', async () =>
    ok(
      [...svc.insts.values()].map((i) =>
        instrumentToWire(i, market.instrument(i.symbol)?.status ?? 'suspended'),
      ),
    ),
  )

  app.post('/settings', async (req) => {
    const input = parse(contractSettingsSchema, req.body)
    const inst = await changeSettings(db, svc, input, actor(req))
    return ok(instrumentToWire(inst, market.instrument(input.symbol)?.status ?? 'suspended'))
  })

  app.get('/insurance', async (req) => ok(await insuranceFund(db, parse(pageQuery, req.query))))

  /** A user's positions, for the console's user detail page (read only). */
  app.get('/positions', async (req) => {
    const { userId } = parse(userQuery, req.query)
    const bal = await svc.walletOf(userId)
    return ok({ wallet: bal, positions: await engine.positions(userId) })
  })
}
