import {
  pauseSchema,
  poolFundSchema,
  productEditSchema,
  productInputSchema,
  projectEditSchema,
  projectInputSchema,
} from '@common/earn/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { assertStaffReady } from '../../platform/staff/staff'
import { earnService } from './service'

/**
 * /api/admin/earn/*: the console's staking and subscription page, behind the staff guard; every
 * change audited. Operators set products, projects and pools; nothing here sets a user's
 * allocation or touches an order.
 */
export async function earnAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const desk = earnService(deps.db).console
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(deps.db, currentUser(req).id)
  })
  const who = (req: Parameters<typeof actor>[0]) => {
    const a = actor(req)
    return { actorId: a.actorId, ip: a.ip }
  }

  app.get('/overview', async () => ok(await desk.totals()))
  app.post('/product/create', async (req) =>
    ok(await desk.createProduct(parse(productInputSchema, req.body), who(req))),
  )
  app.post('/product/edit', async (req) => {
    const { id, ...input } = parse(productEditSchema, req.body)
    return ok(await desk.editProduct(id, input, who(req)))
  })
  app.post('/product/pause', async (req) => {
    const { id, paused, reason } = parse(pauseSchema, req.body)
    return ok(await desk.pauseProduct(id, paused, who(req), reason))
  })
  app.post('/pool/fund', async (req) => {
    const { asset, amount, reason } = parse(poolFundSchema, req.body)
    await desk.fundPool(asset, amount, who(req), reason)
    return ok(await desk.totals())
  })
  app.post('/project/create', async (req) =>
    ok(await desk.createProject(parse(projectInputSchema, req.body), who(req))),
  )
  app.post('/project/edit', async (req) => {
    const { id, ...input } = parse(projectEditSchema, req.body)
    return ok(await desk.editProject(id, input, who(req)))
  })
  app.post('/project/pause', async (req) => {
    const { id, paused, reason } = parse(pauseSchema, req.body)
    return ok(await desk.pauseProject(id, paused, who(req), reason))
  })
}
