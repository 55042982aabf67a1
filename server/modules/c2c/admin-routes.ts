import {
  adminOrdersQuerySchema,
  decideSchema,
  idParamsSchema,
  merchantSchema,
  suggestSchema,
} from '@common/c2c/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { fourEyes } from '../../platform/staff/four-eyes'
import { assertStaffReady } from '../../platform/staff/staff'
import { c2cService } from './service'

const appealsQuery = v.object({ status: v.optional(v.picklist(['open', 'suggested', 'decided']), 'open') })

/**
 * /api/admin/c2c/*: the console's C2C pages behind the staff guard (console.ts does the work):
 * the appeals queue, decisions and settlement suggestions, the order search and merchants.
 */
export async function c2cAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const desk = c2cService(db).console
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/appeals', async (req) => ok(await desk.appealQueue(parse(appealsQuery, req.query).status)))
  app.get('/orders', async (req) => ok(await desk.orders(parse(adminOrdersQuerySchema, req.query))))
  app.get('/order/:id', async (req) => ok(await desk.order(parse(idParamsSchema, req.params).id)))

  // Deciding for the buyer or the seller moves the escrow: above the four-eyes limit a second staff
  // member approves it (server/platform/staff/duties.ts). Never on one's own order (1705).
  const decide = fourEyes(deps, {
    kind: 'c2c.decide',
    caseType: 'c2c_order',
    caseId: (b: v.InferOutput<typeof decideSchema>) => b.id,
    moves: (d, b) => desk.moves(d, b),
    run: (ctx, body) => desk.decide(body, ctx),
  })
  app.post('/decide', async (req) => ok(await decide(req, parse(decideSchema, req.body))))

  app.post('/suggest', async (req) => ok(await desk.suggest(parse(suggestSchema, req.body), actor(req))))

  app.get('/merchants', async () => ok(await desk.merchants()))
  app.post('/merchant', async (req) => {
    const { uid, merchant } = parse(merchantSchema, req.body)
    await desk.setMerchant(uid, merchant, actor(req))
    return ok({ uid, merchant })
  })
}
