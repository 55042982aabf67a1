import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { outboxMessages } from '../../platform/verify/messenger'
import { challengeGap } from '../../platform/verify/slider'
import type { AuthCtx } from './context'
import { approveIdentityForTests } from './identity-repo'

const toSchema = v.object({ to: v.pipe(v.string(), v.minLength(3), v.maxLength(254)) })
const idSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)) })
const identitySchema = v.object({
  realName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)), 'Test User'),
})

/**
 * Development helpers for browser tests: the outbox of one address, a slider's answer and an
 * approved identity.
 * Registered only when NODE_ENV is not "production" (see docs/development.md, "Development endpoints").
 */
export async function devRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  app.get('/dev/outbox', async (req) => {
    const { to } = parse(toSchema, req.query)
    return ok(outboxMessages(to))
  })
  // The caller's identity approved, as an operator's review would (C2C and loans need it); basic
  // details with `realName` are stored first when there are none.
  app.post('/dev/identity/approve', { preHandler: requireUser }, async (req) => {
    const me = currentUser(req)
    const { realName } = parse(identitySchema, req.body ?? {})
    await approveIdentityForTests(ctx.db, me.id, realName)
    return ok(null)
  })
  app.get('/dev/slider/:id', async (req) => {
    const { id } = parse(idSchema, req.params)
    const x = await challengeGap(ctx.db, id)
    if (x === null) throw new AppError('notFound')
    return ok({ x })
  })
}
