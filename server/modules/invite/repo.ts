import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import type { Tx } from '../../ledger/ledger'

// ---- rules ----

export function configRows(db: Db) {
  return db.selectFrom('invite_config').selectAll().execute()
}

export async function updateConfig(trx: Tx, key: 'vip_tiers' | 'ranks', value: unknown): Promise<void> {
  await trx
    .updateTable('invite_config')
    .set({ value: JSON.stringify(value), updated_at: new Date() })
    .where('key', '=', key)
    .execute()
}

// ---- invitations ----

export async function inviteCodeOf(db: Db, userId: string): Promise<string> {
  const u = await db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return u.invite_code
}

/** The users an inviter invited, newest first. */
export function inviteesOf(db: Tx, inviterId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('referred_by', '=', inviterId)
    .orderBy('created_at', 'desc')
    .execute()
}

/** How many users the inviter's invitees invited. */
export async function secondLevelCount(db: Db, inviterId: string): Promise<number> {
  const r = await db
    .selectFrom('users as u')
    .innerJoin('users as d', 'd.id', 'u.referred_by')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('d.referred_by', '=', inviterId)
    .executeTakeFirst()
  return r?.n ?? 0
}

export async function userExists(trx: Tx, userId: string): Promise<boolean> {
  return (
    (await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  )
}

// ---- partners ----

export async function grantedRank(db: Tx, userId: string): Promise<string | null> {
  return (await columnOf(db, 'invite_partner', 'rank', 'user_id', userId)) ?? null
}

/** A partner rank granted by staff; 'ordinary' takes the grant back. */
export async function setPartner(trx: Tx, userId: string, rank: string, grantedBy: string): Promise<void> {
  if (rank === 'ordinary') {
    await trx.deleteFrom('invite_partner').where('user_id', '=', userId).execute()
    return
  }
  await trx
    .insertInto('invite_partner')
    .values({ user_id: userId, rank, granted_by: grantedBy })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ rank, granted_by: grantedBy, created_at: new Date() }),
    )
    .execute()
}

/** The last 100 partner grants (the console's overview). */
export function partners(db: Db) {
  return db
    .selectFrom('invite_partner as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'p.rank', 'u.nickname', 'p.created_at'])
    .orderBy('p.created_at', 'desc')
    .limit(100)
    .execute()
}

// ---- leaderboard ----

export async function hiddenFromBoard(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectFrom('invite_pref')
    .select('user_id')
    .where('hide_leaderboard', '=', true)
    .execute()
  return new Set(rows.map((r) => r.user_id))
}

/** The inviters with the most invitees. */
export async function topInviters(db: Db, limit: number): Promise<{ id: string; value: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['referred_by', sql<number>`count(*)::int`.as('n')])
    .where('referred_by', 'is not', null)
    .groupBy('referred_by')
    .orderBy('n', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ id: r.referred_by as string, value: String(r.n) }))
}

export async function nicknamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const users = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', ids).execute()
  return new Map(users.map((u) => [u.id, u.nickname]))
}

export async function hidesFromBoard(db: Db, userId: string): Promise<boolean> {
  const p = await db.selectFrom('invite_pref').selectAll().where('user_id', '=', userId).executeTakeFirst()
  return p?.hide_leaderboard ?? false
}

export async function setHideFromBoard(db: Db, userId: string, hide: boolean): Promise<void> {
  await db
    .insertInto('invite_pref')
    .values({ user_id: userId, hide_leaderboard: hide })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hide_leaderboard: hide }))
    .execute()
}
