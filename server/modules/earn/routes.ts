import {
  commitSchema,
  idParamSchema,
  redeemSchema,
  stakeSchema,
  stakingOrdersQuerySchema,
} from '@common/earn/schema'
import { parseLang } from '@common/i18n/languages'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { langChain } from '../../platform/content/article-texts'
import type { ModuleDeps } from '../../platform/module-deps'
import { earnService } from './service'

const chainOf = (req: FastifyRequest) => langChain(parseLang(req.headers.lang))

/**
 * Staking and coin subscription, in the finance account. Browsing is public; staking,
 * committing and the records need a login. Another user's order ids read as not found.
 */
export async function earnRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const { staking, launch } = earnService(db)
  const auth = { preHandler: requireUser }
  const me = (req: FastifyRequest) => currentUser(req).id

  app.get('/staking/products', async () => ok(await staking.products()))
  app.post('/staking/stake', auth, async (req) => {
    const { product, amount } = parse(stakeSchema, req.body)
    return ok(await staking.stake(me(req), product, amount))
  })
  app.get('/staking/orders', auth, async (req) =>
    ok(await staking.orders(me(req), parse(stakingOrdersQuerySchema, req.query))),
  )
  app.get('/staking/order/:id', auth, async (req) =>
    ok(await staking.order(me(req), parse(idParamSchema, req.params).id)),
  )
  app.post('/staking/redeem', auth, async (req) =>
    ok(await staking.redeem(me(req), parse(redeemSchema, req.body).id)),
  )

  app.get('/subscription/projects', async (req) => ok(await launch.projects(chainOf(req))))
  app.get('/subscription/project/:id', { preHandler: optionalUser }, async (req) => {
    const user = req.user ? currentUser(req).id : null
    return ok(await launch.project(parse(idParamSchema, req.params).id, user, chainOf(req)))
  })
  app.post('/subscription/commit', auth, async (req) => {
    const { project, amount } = parse(commitSchema, req.body)
    await launch.commit(me(req), project, amount)
    return ok(await launch.project(project, me(req), chainOf(req)))
  })
  app.get('/subscription/mine', auth, async (req) => ok(await launch.mine(me(req), chainOf(req))))
}
