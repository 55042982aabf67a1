import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { AuthCtx } from './context'
import { outboxMessages } from './messenger'
import { challengeGap } from './slider'

const toSchema = v.object({ to: v.pipe(v.string(), v.minLength(3), v.maxLength(254)) })
const idSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)) })

/**
 * Development helpers for browser tests: the outbox of one address and a slider's answer.
 * Registered only when NODE_ENV is not "production" (see README, "Develop").
 */
export async function devRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  app.get('/dev/outbox', async (req) => {
    const { to } = parse(toSchema, req.query)
    return ok(outboxMessages(to))
  })
  app.get('/dev/slider/:id', async (req) => {
    const { id } = parse(idSchema, req.params)
    const x = await challengeGap(ctx.db, id)
    if (x === null) throw new AppError('notFound')
    return ok({ x })
  })
}
