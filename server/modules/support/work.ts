import { countedPage } from '@common/api/page'
import {
  canReopen,
  nextTicketStatus,
  TICKET_PAGE_SIZE,
  type TicketAction,
  ticketNumber,
} from '@common/support/rules'
import type {
  AdminTicketSummary,
  Ticket,
  TicketReply,
  TicketStatus,
  TicketSummary,
  TicketType,
} from '@common/support/schema'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { ownUploadCount } from '../../platform/content/uploads'
import { pushService } from '../../platform/notify/push-service'
import { writeAudit } from '../../platform/staff/audit'
import type { Actor } from './desk'
import { supportPushText } from './push-texts'
import * as repo from './work-repo'

const PAGE = { size: TICKET_PAGE_SIZE }

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null)
const imagesOf = (raw: unknown): string[] =>
  typeof raw === 'string' ? (JSON.parse(raw) as string[]) : ((raw as string[] | null) ?? [])

function summaryOf(t: repo.TicketRow, replyCount: number, now: number): TicketSummary {
  return {
    id: String(t.id),
    number: t.number,
    type: t.type as TicketType,
    title: t.title,
    status: t.status,
    createdAt: ms(t.created_at) as number,
    updatedAt: ms(t.updated_at) as number,
    closedAt: ms(t.closed_at),
    canReopen: canReopen(t.status, ms(t.closed_at), now),
    replyCount,
  }
}

/**
 * Work orders (tickets): a user's written request with optional pictures, answered by staff in a
 * thread. open -> answered (staff reply) -> open (user reply) -> closed; the owner may reopen
 * within 7 days. A staff reply or close notifies the owner (in-app notification and push).
 */
export class WorkService {
  constructor(private readonly db: Db) {}

  async create(
    userId: string,
    input: { type: TicketType; title: string; content: string; images: string[] },
  ): Promise<Ticket> {
    if (input.images.length && (await ownUploadCount(this.db, input.images, userId)) !== input.images.length)
      throw new AppError('uploadInvalid')
    const id = await this.db.transaction().execute(async (trx) => {
      const now = new Date()
      const values = {
        user_id: userId,
        type: input.type,
        title: input.title,
        content: input.content,
        images: JSON.stringify(input.images),
        created_at: now,
        updated_at: now,
      }
      return repo.insertTicket(trx, values, (ticketId) => ticketNumber(ticketId, now))
    })
    return this.get(id, { userId })
  }

  async list(userId: string, status: TicketStatus | undefined, page: number) {
    const { total, rows } = await repo.ticketsOf(this.db, userId, status, { ...PAGE, page })
    const counts = await repo.replyCounts(
      this.db,
      rows.map((r) => String(r.id)),
    )
    const now = Date.now()
    const list = rows.map((r) => summaryOf(r, counts.get(String(r.id)) ?? 0, now))
    return countedPage(list, total, { ...PAGE, page })
  }

  async adminList(filter: { type?: TicketType; status?: TicketStatus }, page: number) {
    const { total, rows } = await repo.allTickets(this.db, filter, { ...PAGE, page })
    const counts = await repo.replyCounts(
      this.db,
      rows.map((r) => String(r.id)),
    )
    const now = Date.now()
    const list = rows.map(
      (r): AdminTicketSummary => ({
        ...summaryOf(r, counts.get(String(r.id)) ?? 0, now),
        userId: r.user_id,
        userName: r.nickname,
      }),
    )
    return countedPage(list, total, { ...PAGE, page })
  }

  /** One ticket with its thread; another user's id is not found. */
  async get(id: string, who: { userId: string } | { staff: true }): Promise<Ticket> {
    const t = await repo.ticketOf(this.db, id, 'userId' in who ? who.userId : undefined)
    if (!t) throw new AppError('notFound')
    const replies = await repo.repliesOf(this.db, id)
    return {
      ...summaryOf(t, replies.length, Date.now()),
      content: t.content,
      images: imagesOf(t.images).map((u) => `upload/${u}`),
      replies: replies.map(
        (r): TicketReply => ({
          id: String(r.id),
          from: r.author,
          staffName: r.author === 'staff' ? (r.nickname ?? null) : null,
          body: r.body,
          createdAt: ms(r.created_at) as number,
        }),
      ),
    }
  }

  /**
   * One step of the state machine under a row lock: the reply (when there is one) and the new
   * status commit together, with the audit row for staff actions.
   */
  private async step(
    id: string,
    action: TicketAction,
    who: { userId: string } | { staff: Actor },
    body?: string,
  ): Promise<repo.TicketRow> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.ticketOf(trx, id, 'userId' in who ? who.userId : undefined, true)
      if (!before) throw new AppError('notFound')
      const now = new Date()
      const next = nextTicketStatus(before.status, action, ms(before.closed_at), now.getTime())
      if (!next) throw new AppError(action === 'reopen' ? 'ticketReopenExpired' : 'ticketClosed')
      if (body !== undefined)
        await repo.insertReply(trx, {
          ticket_id: id,
          author: 'userId' in who ? 'user' : 'staff',
          staff_id: 'staff' in who ? who.staff.actorId : null,
          body,
        })
      const after = await repo.updateTicket(trx, id, {
        status: next,
        updated_at: now,
        closed_at: next === 'closed' ? now : null,
      })
      if ('staff' in who)
        await writeAudit(trx, {
          ...who.staff,
          action: `work.${action === 'staffReply' ? 'reply' : action}`,
          targetType: 'ticket',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status, ...(body !== undefined ? { reply: body } : {}) },
        })
      return after
    })
  }

  async userReply(userId: string, id: string, body: string): Promise<Ticket> {
    await this.step(id, 'userReply', { userId }, body)
    return this.get(id, { userId })
  }

  async userClose(userId: string, id: string): Promise<Ticket> {
    await this.step(id, 'close', { userId })
    return this.get(id, { userId })
  }

  async reopen(userId: string, id: string): Promise<Ticket> {
    await this.step(id, 'reopen', { userId })
    return this.get(id, { userId })
  }

  async staffReply(id: string, body: string, staff: Actor): Promise<Ticket> {
    const t = await this.step(id, 'staffReply', { staff }, body)
    this.notify(t, 'ticketTitle', body)
    return this.get(id, { staff: true })
  }

  async staffClose(id: string, staff: Actor): Promise<Ticket> {
    const t = await this.step(id, 'close', { staff })
    this.notify(t, 'ticketClosedTitle')
    return this.get(id, { staff: true })
  }

  private notify(t: repo.TicketRow, title: 'ticketTitle' | 'ticketClosedTitle', body?: string): void {
    const push = pushService(this.db)
    push.background('ticket push', () =>
      push.notify(t.user_id, 'notice', (lang) => ({
        title: supportPushText(lang, title, { number: t.number }),
        body: body
          ? body.length > 140
            ? `${body.slice(0, 139)}…`
            : body
          : supportPushText(lang, 'ticketClosedBody'),
        icon: '/icons/icon-192.png',
        tag: `ticket-${t.id}`,
        url: `/#/pages/work/detail?id=${t.id}`,
      })),
    )
  }
}

export const workService = perDb((db) => new WorkService(db))
