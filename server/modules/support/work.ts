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
import type { Kysely, Selectable } from 'kysely'
import { type Db, perDb } from '../../db/db'
import type { Database } from '../../db/schema'
import type { WorkTicketTable } from '../../db/schema-support'
import { AppError } from '../../http/errors'
import { pushService } from '../../platform/notify/push-service'
import { supportPushText } from './push-texts'

type TicketRow = Selectable<WorkTicketTable>
const PAGE = TICKET_PAGE_SIZE

const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null)
const imagesOf = (raw: unknown): string[] =>
  typeof raw === 'string' ? (JSON.parse(raw) as string[]) : ((raw as string[] | null) ?? [])

function summaryOf(t: TicketRow, replyCount: number, now: number): TicketSummary {
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

/** What an operator did, written into the audit log inside the action's transaction. */
export type Audit = (trx: Kysely<Database>, action: string, before: unknown, after: unknown) => Promise<void>

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
    if (input.images.length) {
      const owned = await this.db
        .selectFrom('upload')
        .select('id')
        .where('id', 'in', input.images)
        .where('owner_id', '=', userId)
        .execute()
      if (owned.length !== input.images.length) throw new AppError('uploadInvalid')
    }
    const id = await this.db.transaction().execute(async (trx) => {
      const now = new Date()
      const row = await trx
        .insertInto('work_ticket')
        .values({
          // Placeholder until the id is known; unique by construction.
          number: `pending-${crypto.randomUUID()}`,
          user_id: userId,
          type: input.type,
          title: input.title,
          content: input.content,
          images: JSON.stringify(input.images),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('work_ticket')
        .set({ number: ticketNumber(row.id, now) })
        .where('id', '=', row.id)
        .execute()
      return String(row.id)
    })
    return this.get(id, { userId })
  }

  async list(userId: string, status: TicketStatus | undefined, page: number) {
    let q = this.db.selectFrom('work_ticket').where('user_id', '=', userId)
    if (status) q = q.where('status', '=', status)
    const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE)
      .offset((page - 1) * PAGE)
      .execute()
    const counts = await this.replyCounts(rows.map((r) => r.id))
    const now = Date.now()
    return countedPage(
      rows.map((r) => summaryOf(r, counts.get(String(r.id)) ?? 0, now)),
      Number(total.n),
      { page, size: PAGE },
    )
  }

  async adminList(filter: { type?: TicketType; status?: TicketStatus }, page: number) {
    let q = this.db.selectFrom('work_ticket as t').innerJoin('users as u', 'u.id', 't.user_id')
    if (filter.type) q = q.where('t.type', '=', filter.type)
    if (filter.status) q = q.where('t.status', '=', filter.status)
    const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll('t')
      .select('u.nickname')
      .orderBy('t.updated_at', filter.status === 'closed' ? 'desc' : 'asc')
      .orderBy('t.id')
      .limit(PAGE)
      .offset((page - 1) * PAGE)
      .execute()
    const counts = await this.replyCounts(rows.map((r) => r.id))
    const now = Date.now()
    return countedPage(
      rows.map(
        (r): AdminTicketSummary => ({
          ...summaryOf(r, counts.get(String(r.id)) ?? 0, now),
          userId: r.user_id,
          userName: r.nickname,
        }),
      ),
      Number(total.n),
      { page, size: PAGE },
    )
  }

  private async replyCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('work_reply')
      .select(['ticket_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('ticket_id', 'in', ids)
      .groupBy('ticket_id')
      .execute()
    return new Map(rows.map((r) => [String(r.ticket_id), Number(r.n)]))
  }

  /** One ticket with its thread; another user's id is not found. */
  async get(id: string, who: { userId: string } | { staff: true }): Promise<Ticket> {
    let q = this.db.selectFrom('work_ticket').selectAll().where('id', '=', id)
    if ('userId' in who) q = q.where('user_id', '=', who.userId)
    const t = await q.executeTakeFirst()
    if (!t) throw new AppError('notFound')
    const replies = await this.db
      .selectFrom('work_reply as r')
      .leftJoin('users as u', 'u.id', 'r.staff_id')
      .select(['r.id', 'r.author', 'r.body', 'r.created_at', 'u.nickname'])
      .where('r.ticket_id', '=', id)
      .orderBy('r.id')
      .execute()
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
    who: { userId: string } | { staffId: string; audit: Audit },
    body?: string,
  ): Promise<TicketRow> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('work_ticket').selectAll().where('id', '=', id)
      if ('userId' in who) q = q.where('user_id', '=', who.userId)
      const before = await q.forUpdate().executeTakeFirst()
      if (!before) throw new AppError('notFound')
      const now = new Date()
      const next = nextTicketStatus(before.status, action, ms(before.closed_at), now.getTime())
      if (!next) throw new AppError(action === 'reopen' ? 'ticketReopenExpired' : 'ticketClosed')
      if (body !== undefined)
        await trx
          .insertInto('work_reply')
          .values({
            ticket_id: id,
            author: 'userId' in who ? 'user' : 'staff',
            staff_id: 'staffId' in who ? who.staffId : null,
            body,
          })
          .execute()
      const after = await trx
        .updateTable('work_ticket')
        .set({ status: next, updated_at: now, closed_at: next === 'closed' ? now : null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      if ('audit' in who)
        await who.audit(
          trx,
          `work.${action === 'staffReply' ? 'reply' : action}`,
          { status: before.status },
          {
            status: after.status,
            ...(body !== undefined ? { reply: body } : {}),
          },
        )
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

  async staffReply(staffId: string, id: string, body: string, audit: Audit): Promise<Ticket> {
    const t = await this.step(id, 'staffReply', { staffId, audit }, body)
    this.notify(t, 'ticketTitle', body)
    return this.get(id, { staff: true })
  }

  async staffClose(staffId: string, id: string, audit: Audit): Promise<Ticket> {
    const t = await this.step(id, 'close', { staffId, audit })
    this.notify(t, 'ticketClosedTitle')
    return this.get(id, { staff: true })
  }

  private notify(t: TicketRow, title: 'ticketTitle' | 'ticketClosedTitle', body?: string): void {
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
