import type { CloseCategory, QueueItem, ServiceMessage, StaffConversationView } from '@common/support/schema'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { pushService } from '../../platform/notify/push-service'
import { type AuditInput, writeAudit } from '../../platform/staff/audit'
import { supportBus } from './bus'
import * as repo from './chat-repo'
import { audienceOf, messagesOf, nameOf, queueItem } from './conversation'
import * as deskRepo from './desk-repo'
import { supportPushText } from './push-texts'
import { type ConvRow, conversationToWire, messageToWire, preview } from './wire'

/** Who acts in the console: the staff member and their address, as the audit log records them. */
export type Actor = { actorId: string; ip?: string }

/**
 * The service desk, the operators' side of the chat: the queue, a conversation with the user's
 * profile, take, reply, read marks, typing and close. Every action is written to the audit log
 * in its own transaction; the owner and the desk hear of it after the commit.
 */
export class DeskService {
  constructor(private readonly db: Db) {}

  private get bus() {
    return supportBus(this.db)
  }

  operatorsOnline(): number {
    return this.bus.presence.operators()
  }

  async queue(status: 'waiting' | 'active' | 'mine' | 'closed', staffId: string): Promise<QueueItem[]> {
    const rows = await deskRepo.queue(this.db, status, staffId)
    return Promise.all(rows.map((c) => queueItem(this.db, c)))
  }

  async view(id: string): Promise<StaffConversationView> {
    const c = await repo.conversationById(this.db, id)
    const u = c.user_id ? await deskRepo.profileOf(this.db, c.user_id) : undefined
    const orders = c.user_id ? await deskRepo.recentSpotOrders(this.db, c.user_id) : []
    return {
      item: await queueItem(this.db, c),
      conversation: conversationToWire(c, await nameOf(this.db, c.operator_id)),
      messages: await messagesOf(this.db, String(c.id)),
      profile: u
        ? {
            uid: Number(u.uid),
            nickname: u.nickname,
            email: u.email,
            phone: u.phone,
            status: u.status,
            createdAt: new Date(u.created_at).getTime(),
            identity: u.advanced_status ?? 'none',
          }
        : null,
      orders: orders.map((o) => ({
        id: String(o.id),
        symbol: o.symbol,
        side: o.side,
        type: o.type,
        price: o.price,
        amount: o.amount,
        filled: o.filled,
        status: o.status,
        createdAt: new Date(o.created_at).getTime(),
      })),
    }
  }

  /**
   * An operator takes a waiting conversation. The update's condition (still waiting) makes the
   * take atomic: of two operators taking at once, one gets the row and the other 2300.
   */
  async take(id: string, a: Actor): Promise<QueueItem> {
    return this.change(id, a, async (trx) => {
      const before = await repo.conversationById(trx, id)
      const row = await deskRepo.takeIfWaiting(trx, id, a.actorId)
      if (!row) throw new AppError(before.status === 'closed' ? 'conversationClosed' : 'conversationTaken')
      return {
        row,
        audit: {
          action: 'service.take',
          before: { status: before.status, operator: before.operator_id },
          after: { status: row.status, operator: row.operator_id },
        },
      }
    })
  }

  /** Closes a conversation: a waiting one by anyone (spam), a taken one only by its operator. */
  async close(id: string, category: CloseCategory, a: Actor): Promise<QueueItem> {
    return this.change(id, a, async (trx) => {
      const before = await repo.conversationById(trx, id, true)
      if (before.status === 'closed') throw new AppError('conversationClosed')
      if (before.status === 'active' && before.operator_id !== a.actorId)
        throw new AppError('conversationNotYours')
      const row = await repo.updateConversation(trx, id, {
        status: 'closed',
        category,
        closed_at: new Date(),
        waiting_since: null,
        operator_id: before.operator_id ?? a.actorId,
      })
      return {
        row,
        audit: {
          action: 'service.close',
          before: { status: before.status },
          after: { status: row.status, category: row.category },
          reason: category,
        },
      }
    })
  }

  /** A change of the conversation's state with its audit row; then the desk and the owner hear of it. */
  private async change(
    id: string,
    a: Actor,
    run: (
      trx: Tx,
    ) => Promise<{ row: ConvRow; audit: Omit<AuditInput, 'actorId' | 'ip' | 'targetType' | 'targetId'> }>,
  ): Promise<QueueItem> {
    const after = await this.db.transaction().execute(async (trx) => {
      const { row, audit } = await run(trx)
      await writeAudit(trx, { ...a, ...audit, targetType: 'conversation', targetId: id })
      return row
    })
    const item = await queueItem(this.db, after)
    this.bus.toDesk({ queue: item })
    this.bus.toOwner(audienceOf(after), { conversation: conversationToWire(after, item.operatorName) })
    return item
  }

  private async assertMine(id: string, staffId: string): Promise<ConvRow> {
    const c = await repo.conversationById(this.db, id)
    if (c.status === 'closed') throw new AppError('conversationClosed')
    if (c.status !== 'active' || c.operator_id !== staffId) throw new AppError('conversationNotYours')
    return c
  }

  async reply(id: string, body: string, a: Actor): Promise<ServiceMessage> {
    const staffId = a.actorId
    await this.assertMine(id, staffId)
    const { msg, conv } = await this.db.transaction().execute(async (trx) => {
      const msg = await repo.insertMessage(trx, {
        conversation_id: id,
        sender: 'staff',
        staff_id: staffId,
        body,
      })
      const conv = await deskRepo.answered(trx, id, staffId, new Date(), preview(body, false), msg.id)
      if (!conv) throw new AppError('conversationNotYours')
      await writeAudit(trx, {
        ...a,
        action: 'service.reply',
        targetType: 'conversation',
        targetId: id,
        after: { message: String(msg.id), body },
      })
      return { msg, conv }
    })
    const wire = messageToWire({ ...msg, staff_name: await nameOf(this.db, staffId) })
    const to = audienceOf(conv)
    this.bus.toOwner(to, { message: wire })
    this.bus.toDesk({ message: wire })
    this.bus.toDesk({ queue: await queueItem(this.db, conv) })
    // The app is closed (no socket holds the user's channel): a push brings the reply.
    if (conv.user_id && to && !this.bus.presence.owner(to)) this.pushReply(conv, conv.user_id, body)
    return wire
  }

  private pushReply(conv: ConvRow, userId: string, body: string): void {
    const push = pushService(this.db)
    push.background('service reply push', () =>
      push.push(userId, 'notice', (lang) => ({
        title: supportPushText(lang, 'chatTitle'),
        body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
        icon: '/icons/icon-192.png',
        tag: `service-${conv.id}`,
        url: '/#/pages/service/home',
      })),
    )
  }

  async read(id: string, upTo: string): Promise<void> {
    const c = await repo.conversationById(this.db, id)
    const row = await repo.moveReadMark(this.db, String(c.id), 'staff_read', upTo)
    const read = { conversationId: String(row.id), by: 'staff' as const, upTo: String(row.staff_read) }
    this.bus.toOwner(audienceOf(row), { read })
    this.bus.toDesk({ read })
  }

  async typing(id: string, staffId: string): Promise<void> {
    const c = await this.assertMine(id, staffId)
    this.bus.toOwner(audienceOf(c), { typing: { conversationId: String(c.id), from: 'staff' } })
  }
}

export const deskService = perDb((db) => new DeskService(db))
