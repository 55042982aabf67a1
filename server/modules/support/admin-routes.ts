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
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import { supportBus } from './bus'
import { chatService } from './chat'
import { type Audit, workService } from './work'

/**
 * /api/admin/service/*: the console's service desk (chat queue, take, reply, close) and work
 * order queue. Behind the staff guard; every action is written to the audit log in its own
 * transaction.
 */
export async function supportAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const chat = chatService(db)
  const work = workService(db)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })
  const me = (req: FastifyRequest) => currentUser(req).id

  app.get('/queue', async (req) => {
    const { status } = parse(queueQuerySchema, req.query)
    return ok({
      list: await chat.queue(status, me(req)),
      operatorsOnline: supportBus(db).presence.operators(),
    })
  })

  app.get('/conversation', async (req) => ok(await chat.staffView(parse(takeSchema, req.query).id)))

  app.post('/take', async (req) => {
    const { id } = parse(takeSchema, req.body)
    return ok(
      await chat.take(id, me(req), (trx, before, after) =>
        writeAudit(trx, {
          ...actor(req),
          action: 'service.take',
          targetType: 'conversation',
          targetId: id,
          before: { status: before.status, operator: before.operator_id },
          after: { status: after.status, operator: after.operator_id },
        }),
      ),
    )
  })

  app.post('/reply', async (req) => {
    const { id, body } = parse(staffMessageSchema, req.body)
    return ok(
      await chat.reply(id, me(req), body, (trx, msgId) =>
        writeAudit(trx, {
          ...actor(req),
          action: 'service.reply',
          targetType: 'conversation',
          targetId: id,
          after: { message: msgId, body },
        }),
      ),
    )
  })

  app.post('/read', async (req) => {
    const { id, upTo } = parse(staffReadSchema, req.body)
    await chat.staffRead(id, upTo)
    return ok(null)
  })

  app.post('/typing', async (req) => {
    await chat.staffTyping(parse(takeSchema, req.body).id, me(req))
    return ok(null)
  })

  app.post('/close', async (req) => {
    const { id, category } = parse(closeConversationSchema, req.body)
    return ok(
      await chat.close(id, me(req), category, (trx, before, after) =>
        writeAudit(trx, {
          ...actor(req),
          action: 'service.close',
          targetType: 'conversation',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status, category: after.category },
          reason: category,
        }),
      ),
    )
  })

  // Work orders
  const auditOf =
    (req: FastifyRequest, id: string): Audit =>
    (trx, action, before, after) =>
      writeAudit(trx, { ...actor(req), action, targetType: 'ticket', targetId: id, before, after })

  app.get('/tickets', async (req) => {
    const { type, status, page } = parse(adminTicketQuerySchema, req.query)
    return ok(await work.adminList({ type, status }, page))
  })

  app.get('/tickets/:id', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.get(id, { staff: true }))
  })

  app.post('/tickets/:id/reply', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    const { body } = parse(ticketReplySchema, req.body)
    return ok(await work.staffReply(me(req), id, body, auditOf(req, id)))
  })

  app.post('/tickets/:id/close', async (req) => {
    const { id } = parse(ticketParamsSchema, req.params)
    return ok(await work.staffClose(me(req), id, auditOf(req, id)))
  })
}
