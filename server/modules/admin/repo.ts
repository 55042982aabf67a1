import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithTotal } from '../../db/page'
import { ledgerWatchStatus } from '../../ledger/watch'

const likePrefix = (s: string) => `${s.replace(/[%_\\]/g, '\\$&')}%`

/** The staff member's own profile line (the console's header). */
export function staffProfile(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['email', 'nickname', 'uid'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** The console's landing figures: what waits for staff and what is switched off. */
export async function overviewCounts(db: Db) {
  const [identity, users, instruments] = await Promise.all([
    db
      .selectFrom('identity')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('advanced_status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'frozen')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('instrument')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'suspended')
      .executeTakeFirstOrThrow(),
  ])
  return {
    identityPending: Number(identity.n),
    frozenUsers: Number(users.n),
    suspendedMarkets: Number(instruments.n),
    ...(await queueCounts(db)),
    ledgerCheck: await ledgerCheckOf(db),
  }
}

async function ledgerCheckOf(db: Db) {
  const s = await ledgerWatchStatus(db)
  return s && { ok: s.ok, mode: s.mode, at: s.at, entries: s.entries, problems: s.problems }
}

/** Counts of the deposit and withdrawal queues, when the assets area's tables exist. */
async function queueCounts(
  db: Db,
): Promise<{ depositsPending: number | null; withdrawalsPending: number | null }> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_name in ('deposit', 'withdrawal')`.execute(db)
  const has = new Set(tables.rows.map((r) => r.table_name))
  const pending = async (t: string) =>
    has.has(t)
      ? Number(
          (
            await sql<{
              n: string
            }>`select count(*) as n from ${sql.table(t)} where status = 'pending'`.execute(db)
          ).rows[0]?.n ?? 0,
        )
      : null
  return { depositsPending: await pending('deposit'), withdrawalsPending: await pending('withdrawal') }
}

/** One page of the audit log, newest first, filtered by actor (id or e-mail), action prefix and target. */
export function auditPage(
  db: Db,
  q: PageQuery & { actor?: string; action?: string; targetType?: string; targetId?: string },
) {
  let base = db.selectFrom('audit_log as l').leftJoin('users as u', 'u.id', 'l.actor_id')
  const { actor, action, targetType, targetId } = q
  if (actor)
    base = base.where((eb) => eb.or([eb('l.actor_id', '=', actor), eb('u.email', '=', actor.toLowerCase())]))
  if (action) base = base.where('l.action', 'like', likePrefix(action))
  if (targetType) base = base.where('l.target_type', '=', targetType)
  if (targetId) base = base.where('l.target_id', '=', targetId)
  return pageWithTotal(base, q, (b) =>
    b
      .select([
        'l.id',
        'l.actor_id',
        'u.email',
        'l.action',
        'l.target_type',
        'l.target_id',
        'l.before',
        'l.after',
        'l.reason',
        'l.ip',
        'l.created_at',
      ])
      .orderBy('l.id', 'desc'),
  )
}

/** The four-eyes proposals of one status (pending: oldest first), with proposer and decider. */
export function proposals(db: Db, status: 'pending' | 'approved' | 'rejected') {
  return db
    .selectFrom('four_eyes_proposal as p')
    .innerJoin('users as u', 'u.id', 'p.proposer_id')
    .leftJoin('users as d', 'd.id', 'p.decided_by')
    .selectAll('p')
    .select(['u.email as proposer_email', 'u.uid as proposer_uid', 'd.email as decider_email'])
    .where('p.status', '=', status)
    .orderBy('p.id', status === 'pending' ? 'asc' : 'desc')
    .limit(200)
    .execute()
}

export function peopleOf(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([])
  return db.selectFrom('users').select(['id', 'uid', 'email', 'phone']).where('id', 'in', ids).execute()
}
