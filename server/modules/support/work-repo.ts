import type { TicketStatus, TicketType } from '@common/support/schema'
import type { Insertable, Selectable, Updateable } from 'kysely'
import { pageWithTotal } from '../../db/page'
import { updateById } from '../../db/rows'
import type { WorkReplyTable, WorkTicketTable } from '../../db/schema-support'
import type { Tx } from '../../ledger/ledger'

/** Queries of work orders (tickets) and their replies. */

export type TicketRow = Selectable<WorkTicketTable>

/** A user's tickets, latest activity first, with the total for the pager. */
export function ticketsOf(
  db: Tx,
  userId: string,
  status: TicketStatus | undefined,
  q: { page: number; size: number },
) {
  let base = db.selectFrom('work_ticket').where('user_id', '=', userId)
  if (status) base = base.where('status', '=', status)
  return pageWithTotal(base, q, (b) => b.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'))
}

/** Every user's tickets with the user's nickname: oldest activity first (closed ones newest first). */
export function allTickets(
  db: Tx,
  filter: { type?: TicketType; status?: TicketStatus },
  q: { page: number; size: number },
) {
  let base = db.selectFrom('work_ticket as t').innerJoin('users as u', 'u.id', 't.user_id')
  if (filter.type) base = base.where('t.type', '=', filter.type)
  if (filter.status) base = base.where('t.status', '=', filter.status)
  return pageWithTotal(base, q, (b) =>
    b
      .selectAll('t')
      .select('u.nickname')
      .orderBy('t.updated_at', filter.status === 'closed' ? 'desc' : 'asc')
      .orderBy('t.id'),
  )
}

/** How many replies each ticket has. */
export async function replyCounts(db: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('work_reply')
    .select(['ticket_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('ticket_id', 'in', ids)
    .groupBy('ticket_id')
    .execute()
  return new Map(rows.map((r) => [String(r.ticket_id), Number(r.n)]))
}

/** One ticket (a user's own only, with `userId`; its row lock with `lock`). */
export function ticketOf(db: Tx, id: string, userId?: string, lock = false): Promise<TicketRow | undefined> {
  let q = db.selectFrom('work_ticket').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  if (lock) q = q.forUpdate()
  return q.executeTakeFirst()
}

/** A ticket's thread, oldest first, with the operators' nicknames. */
export function repliesOf(db: Tx, id: string) {
  return db
    .selectFrom('work_reply as r')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .select(['r.id', 'r.author', 'r.body', 'r.created_at', 'u.nickname'])
    .where('r.ticket_id', '=', id)
    .orderBy('r.id')
    .execute()
}

/** A new ticket; its number comes from its id, so it is written in a second step. */
export async function insertTicket(
  trx: Tx,
  values: Omit<Insertable<WorkTicketTable>, 'number'>,
  numberOf: (id: string) => string,
): Promise<string> {
  // Placeholder until the id is known; unique by construction.
  const row = await trx
    .insertInto('work_ticket')
    .values({ ...values, number: `pending-${crypto.randomUUID()}` })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .updateTable('work_ticket')
    .set({ number: numberOf(row.id) })
    .where('id', '=', row.id)
    .execute()
  return String(row.id)
}

export function updateTicket(trx: Tx, id: string, set: Updateable<WorkTicketTable>): Promise<TicketRow> {
  return updateById(trx, 'work_ticket', id, set)
}

export async function insertReply(trx: Tx, values: Insertable<WorkReplyTable>): Promise<void> {
  await trx.insertInto('work_reply').values(values).execute()
}
