import {
  createTicketSchema,
  ticketListQuerySchema,
  ticketParamsSchema,
  ticketReplySchema,
} from '@common/support/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { spendTicket } from '../../platform/verify/slider'
import { workService } from './work'

/** /api/work/*: a user's own work orders (tickets). Another user's id answers not-found. */
export async function workRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const work = workService(deps.db)
  app.addHook('preHandler', requireUser)
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id

  app.post('/work/create', async (req) => {
    const { ticket, ...input } = parse(createTicketSchema, req.body)
    // The slider ticket is spent only by a valid submission.
    await spendTicket(deps.db, ticket)
    return ok(await work.create(me(req), input))
  })

  app.get('/work/list', async (req) => {
    const { status, page } = parse(ticketListQuerySchema, req.query)
    return ok(await work.list(me(req), status, page))
  })

  app.get('/work/:id', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.get(id, { userId: me(req) }))
  })

  app.post('/work/:id/reply', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.userReply(me(req), id, parse(ticketReplySchema, req.body).body))
  })

  app.post('/work/:id/close', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.userClose(me(req), id))
  })

  app.post('/work/:id/reopen', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.reopen(me(req), id))
  })
}
