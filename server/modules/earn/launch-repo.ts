import { type Insertable, sql, type Updateable } from 'kysely'
import { updateById } from '../../db/rows'
import type { SubCommitmentTable, SubProjectTable } from '../../db/schema-earn'
import type { Tx } from '../../ledger/ledger'
import type { CommitmentRow, ProjectRow } from './model'
import { lockById } from './row-lock'

/** Queries of coin subscription (the launchpad): projects and users' commitments. */

const STATE_ORDER = sql`case state when 'open' then 0 when 'preheat' then 1 when 'closed' then 2 else 3 end`

/** Open first, then preheat, closed and announced; newest start first within each. */
export function projects(db: Tx): Promise<ProjectRow[]> {
  return db.selectFrom('sub_project').selectAll().orderBy(STATE_ORDER).orderBy('start_at', 'desc').execute()
}

/** Every project, newest first (the console). */
export function allProjects(db: Tx): Promise<ProjectRow[]> {
  return db.selectFrom('sub_project').selectAll().orderBy('id', 'desc').execute()
}

export function projectOf(db: Tx, id: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('sub_project').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The project's row lock; 'notFound' when there is none. */
export function lockProject(trx: Tx, id: string): Promise<ProjectRow> {
  return lockById(trx, 'sub_project', id)
}

/** The row lock of a closed, unpaused project (the one an announcement may deliver). */
export function lockClosedProject(trx: Tx, id: string): Promise<ProjectRow | undefined> {
  return trx
    .selectFrom('sub_project')
    .selectAll()
    .where('id', '=', id)
    .where('state', '=', 'closed')
    .where('paused', '=', false)
    .forUpdate()
    .executeTakeFirst()
}

export function insertProject(trx: Tx, values: Insertable<SubProjectTable>): Promise<ProjectRow> {
  return trx.insertInto('sub_project').values(values).returningAll().executeTakeFirstOrThrow()
}

export function updateProject(trx: Tx, id: string, set: Updateable<SubProjectTable>): Promise<ProjectRow> {
  return updateById(trx, 'sub_project', id, set)
}

/** The projects the scheduler moves: not announced, not paused. */
export function unannounced(db: Tx) {
  return db
    .selectFrom('sub_project')
    .select(['id', 'state', 'start_at', 'close_at', 'announce_at'])
    .where('state', '!=', 'announced')
    .where('paused', '=', false)
    .execute()
}

/** Moves a project from `from` to `to` unless it moved or was paused meanwhile; whether it did. */
export async function moveState(
  db: Tx,
  id: string,
  from: ProjectRow['state'],
  to: ProjectRow['state'],
  at: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('sub_project')
    .set({ state: to, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', from)
    .where('paused', '=', false)
    .returning('id')
    .executeTakeFirst()
  return r !== undefined
}

/** A user's commitment to a project (its row lock with `lock`). */
export function commitmentOf(
  db: Tx,
  projectId: string,
  userId: string,
  lock = false,
): Promise<CommitmentRow | undefined> {
  let q = db
    .selectFrom('sub_commitment')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
  if (lock) q = q.forUpdate()
  return q.executeTakeFirst()
}

/** A user's commitments with their projects, newest first (the commitment's columns as c_*). */
export function commitmentsOf(db: Tx, userId: string) {
  return db
    .selectFrom('sub_commitment as c')
    .innerJoin('sub_project as p', 'p.id', 'c.project_id')
    .selectAll('p')
    .select([
      'c.amount as c_amount',
      'c.coins as c_coins',
      'c.paid as c_paid',
      'c.refund as c_refund',
      'c.settled as c_settled',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .execute()
}

/** The commitment grows to `total` (or is made); the project counts the amount and a new participant. */
export async function recordCommitment(
  trx: Tx,
  p: { projectId: string; userId: string; prevId: string | null; total: string; amount: string; at: Date },
): Promise<void> {
  if (p.prevId)
    await trx
      .updateTable('sub_commitment')
      .set({ amount: p.total, updated_at: p.at })
      .where('id', '=', p.prevId)
      .execute()
  else
    await trx
      .insertInto('sub_commitment')
      .values({
        project_id: p.projectId,
        user_id: p.userId,
        amount: p.total,
      } satisfies Insertable<SubCommitmentTable>)
      .execute()
  await trx
    .updateTable('sub_project')
    .set({
      committed: sql`committed + ${p.amount}::numeric`,
      participants: sql`participants + ${p.prevId ? 0 : 1}`,
      updated_at: p.at,
    })
    .where('id', '=', p.projectId)
    .execute()
}

/** The commitments an announcement still has to settle, in id order. */
export function unsettled(trx: Tx, projectId: string) {
  return trx
    .selectFrom('sub_commitment')
    .select(['id', 'user_id', 'amount'])
    .where('project_id', '=', projectId)
    .where('settled', '=', false)
    .orderBy('id')
    .execute()
}

/** The statement that writes every commitment's allocation and marks it settled. */
export function settleCommitments(rows: { id: string; coins: string; paid: string; refund: string }[]) {
  return sql`update sub_commitment s set coins = v.coins, paid = v.paid, refund = v.refund,
      settled = true, updated_at = now()
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, coins numeric, paid numeric, refund numeric)
    where s.id = v.id`
}

/** Whether a currency is a coin the platform runs: enabled, and not another project's coin. */
export async function isRunningCurrency(trx: Tx, code: string): Promise<boolean> {
  const known = await trx
    .selectFrom('asset')
    .select('code')
    .where('code', '=', code)
    .where('enabled', '=', true)
    .where('code', 'not in', trx.selectFrom('sub_project').select('coin'))
    .executeTakeFirst()
  return known !== undefined
}

/** A project's coin becomes an asset of the platform. */
export async function insertCoin(
  trx: Tx,
  coin: { code: string; name: string; precision: number },
): Promise<void> {
  await trx
    .insertInto('asset')
    .values({ ...coin, color: '#7b61ff', sort: 200 })
    .execute()
}

export async function renameCoin(trx: Tx, code: string, name: string): Promise<void> {
  await trx.updateTable('asset').set({ name }).where('code', '=', code).execute()
}
