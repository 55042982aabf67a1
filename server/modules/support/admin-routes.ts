import {
  adminTicketQuerySchema,
  closeConversationSchema,
  queueQuerySchema,
  staffMessageSchema,
  staffReadSchema,
  takeSchema,
  ticketParamsSchema,
  ticketReplySchema,
} from '@common/support/schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { assertStaffReady } from '../../platform/staff/staff'
import { deskService } from './desk'
import { workService } from './work'

/**
 * /api/admin/service/*: the console's service desk (chat queue, take, reply, close) and work
 * order queue. Behind the staff guard; every action is written to the audit log in its own
 * transaction (desk.ts, work.ts).
 */
export async function supportAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const desk = deskService(db)
  const work = workService(db)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })
  const me = (req: FastifyRequest) => currentUser(req).id

  app.get('/queue', async (req) => {
    const { status } = parse(queueQuerySchema, req.query)
    return ok({ list: await desk.queue(status, me(req)), operatorsOnline: desk.operatorsOnline() })
  })
  app.get('/conversation', async (req) => ok(await desk.view(parse(takeSchema, req.query).id)))
  app.post('/take', async (req) => ok(await desk.take(parse(takeSchema, req.body).id, actor(req))))
  app.post('/reply', async (req) => {
    const { id, body } = parse(staffMessageSchema, req.body)
    return ok(await desk.reply(id, body, actor(req)))
  })
  app.post('/read', async (req) => {
    const { id, upTo } = parse(staffReadSchema, req.body)
    await desk.read(id, upTo)
    return ok(null)
  })
  app.post('/typing', async (req) => {
    await desk.typing(parse(takeSchema, req.body).id, me(req))
    return ok(null)
  })
  app.post('/close', async (req) => {
    const { id, category } = parse(closeConversationSchema, req.body)
    return ok(await desk.close(id, category, actor(req)))
  })

  // Work orders
  app.get('/tickets', async (req) => {
    const { type, status, page } = parse(adminTicketQuerySchema, req.query)
    return ok(await work.adminList({ type, status }, page))
  })
  app.get('/tickets/:id', async (req) =>
    ok(await work.get(parse(ticketParamsSchema, req.params).id, { staff: true })),
  )
  app.post('/tickets/:id/reply', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    const { body } = parse(ticketReplySchema, req.body)
    return ok(await work.staffReply(id, body, actor(req)))
  })
  app.post('/tickets/:id/close', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.staffClose(id, actor(req)))
  })
}
