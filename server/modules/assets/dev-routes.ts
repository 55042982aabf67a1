import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { AssetsCtx } from './context'
import { creditDeposit } from './review'

const schema = v.object({ depositId: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)) })

/**
 * Development helper for browser tests: credits a pending deposit as an operator would.
 * Registered only when NODE_ENV is not "production" (see docs/development.md, "Development endpoints").
 */
export async function assetsDevRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  app.post('/dev/assets/credit-deposit', async (req) => {
    const { depositId } = parse(schema, req.body)
    await creditDeposit(ctx.db, { depositId, actorId: 'dev' })
    return ok(null)
  })
}
