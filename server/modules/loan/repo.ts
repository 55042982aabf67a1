import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithMore } from '../../db/page'
import { updateById } from '../../db/rows'
import type { LoanOrderTable, LoanStatus } from '../../db/schema-loan'
import type { Tx } from '../../ledger/ledger'
import { OPEN_STATUSES, type OrderRow } from './model'

// ---- orders ----

/** Serialises one user's applications (a double tap makes one). */
export async function lockApplications(trx: Tx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`loan.apply:${userId}`}))`.execute(trx)
}

export async function hasPendingApplication(trx: Tx, userId: string, productId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('loan_order')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'reviewing')
    .executeTakeFirst()
  return row !== undefined
}

export function insertOrder(trx: Tx, values: Insertable<LoanOrderTable>): Promise<OrderRow> {
  return trx.insertInto('loan_order').values(values).returningAll().executeTakeFirstOrThrow()
}

/** A loan (of this user, when given), locked for the transaction; undefined when not found. */
export function lockOrderRow(trx: Tx, id: string, userId?: string): Promise<OrderRow | undefined> {
  let q = trx.selectFrom('loan_order').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  return q.forUpdate().executeTakeFirst()
}

/** The borrower and coin of a loan (they never change), read before any lock. */
export function borrowerOf(trx: Tx, id: string, userId?: string) {
  let q = trx.selectFrom('loan_order').select(['user_id', 'coin']).where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  return q.executeTakeFirst()
}

export function updateOrder(trx: Tx, id: string, set: Updateable<LoanOrderTable>): Promise<OrderRow> {
  return updateById(trx, 'loan_order', id, set)
}

/** A loan (of this user, when given). */
export function orderById(db: Db, id: string, userId: string | null): Promise<OrderRow | undefined> {
  let q = db.selectFrom('loan_order').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  return q.executeTakeFirst()
}

/** A user's loans, newest first, one page. */
export function ordersPage(db: Db, userId: string, q: PageQuery & { status?: LoanStatus }) {
  let query = db.selectFrom('loan_order').selectAll().where('user_id', '=', userId)
  if (q.status) query = query.where('status', '=', q.status)
  return pageWithMore(query.orderBy('id', 'desc'), q)
}

/** A user's other loans, newest first (what a reviewer sees beside an application). */
export function otherOrders(db: Db, userId: string, exceptId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('loan_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '<>', exceptId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute()
}

/** Loans paid out and not settled (of one user and coin, when given). */
export function openOrders(db: Tx, of?: { userId: string; coin: string }): Promise<OrderRow[]> {
  let q = db
    .selectFrom('loan_order')
    .selectAll()
    .where('status', 'in', [...OPEN_STATUSES])
  if (of) q = q.where('user_id', '=', of.userId).where('coin', '=', of.coin)
  return q.orderBy('id').execute()
}

/** Ids of the loans being repaid whose (extended) due instant has passed. */
export function overdueIds(db: Db, now: number) {
  return db
    .selectFrom('loan_order')
    .select('id')
    .where('status', '=', 'repaying')
    .where(sql<boolean>`coalesce(extended_due_at, due_at) <= ${new Date(now)}`)
    .execute()
}

/** Loans being repaid that fall due within 3 days of `now`. */
export function dueWithin3Days(db: Db, now: number): Promise<OrderRow[]> {
  return db
    .selectFrom('loan_order')
    .selectAll()
    .where('status', '=', 'repaying')
    .where(sql<boolean>`coalesce(extended_due_at, due_at) <= ${new Date(now + 3 * 86_400_000)}`)
    .where(sql<boolean>`coalesce(extended_due_at, due_at) > ${new Date(now)}`)
    .execute()
}

/** Records reminder keys unless `key` is recorded already; true when this call claimed it. */
export async function claimReminder(db: Db, id: string, keys: string[], key: string): Promise<boolean> {
  const claimed = await db
    .updateTable('loan_order')
    .set({ reminded: JSON.stringify(keys) })
    .where('id', '=', id)
    .where(sql<boolean>`not (reminded @> ${JSON.stringify([key])}::jsonb)`)
    .returning('id')
    .executeTakeFirst()
  return claimed !== undefined
}

/** An application's coin, status and asked amount (what approving it would move). */
export function applicationOf(db: Tx, id: string) {
  return db
    .selectFrom('loan_order')
    .select(['coin', 'status', 'expected_amount'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The console's loan list: one status and/or the flagged ones, with the borrower. */
export function consoleOrders(db: Db, q: { status?: LoanStatus; flagged?: boolean }) {
  let sel = db
    .selectFrom('loan_order as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.email', 'u.phone', 'u.nickname', 'u.uid'])
  if (q.status) sel = sel.where('o.status', '=', q.status)
  if (q.flagged) sel = sel.where('o.flagged', '=', true)
  return sel
    .orderBy('o.id', q.status === 'reviewing' ? 'asc' : 'desc')
    .limit(200)
    .execute()
}

/** How many loans are in each status. */
export async function statusCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('loan_order')
    .select(['status', db.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((c) => [c.status, Number(c.n)]))
}

/** The borrower as a reviewer sees them: account and identity. */
export async function borrower(db: Db, userId: string) {
  const [user, identity] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'phone', 'nickname', 'status', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('identity')
      .select(['real_name', 'nationality', 'advanced_status'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ])
  return { user, identity }
}
