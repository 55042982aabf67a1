import type { VipState } from '@common/invite/rules'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'

type AssetAmount = { asset: string; amount: string }

/** A user's holdings per asset (every account, available and frozen), or of one account. */
export function holdingsOf(db: Tx, userId: string, account?: string): Promise<AssetAmount[]> {
  let q = db
    .selectFrom('balance')
    .select(['asset', sql<string>`sum(available + frozen)`.as('amount')])
    .where('holder', '=', userId)
  if (account) q = q.where('account', '=', account)
  return q.groupBy('asset').execute()
}

/** Every user's holdings per asset (the daily snapshot). */
export async function holdingsOfAll(trx: Tx): Promise<Map<string, AssetAmount[]>> {
  const { rows } = await sql<{ holder: string; asset: string; amount: string }>`
    select b.holder, b.asset, sum(b.available + b.frozen)::text as amount
    from balance b join users u on u.id = b.holder group by b.holder, b.asset`.execute(trx)
  const byUser = new Map<string, AssetAmount[]>()
  for (const r of rows) byUser.set(r.holder, [...(byUser.get(r.holder) ?? []), r])
  return byUser
}

/** The users with a tier in force (the fee discount kept in memory). */
export function tiersInForce(db: Db) {
  return db.selectFrom('vip_status').select(['user_id', 'tier']).where('tier', '<>', 'none').execute()
}

export function vipStates(trx: Tx) {
  return trx.selectFrom('vip_status').selectAll().execute()
}

/** A day's snapshot of a user and the state it leaves in force. */
export async function writeVip(trx: Tx, userId: string, day: string, assets: string, next: VipState) {
  await trx
    .insertInto('vip_snapshot')
    .values({ user_id: userId, day, assets, tier: next.tier, shortfall_days: next.shortfallDays })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await trx
    .insertInto('vip_status')
    .values({ user_id: userId, tier: next.tier, shortfall_days: next.shortfallDays, last_day: day })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        tier: next.tier,
        shortfall_days: next.shortfallDays,
        last_day: day,
        updated_at: new Date(),
      }),
    )
    .execute()
}

export function vipStatusOf(db: Db, userId: string) {
  return db.selectFrom('vip_status').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** A user's last 30 daily snapshots, newest first. */
export function vipHistory(db: Db, userId: string) {
  return db
    .selectFrom('vip_snapshot')
    .select(['day', 'assets', 'tier'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .limit(30)
    .execute()
}

/** How many users hold each tier. */
export function tierCounts(db: Db) {
  return db
    .selectFrom('vip_status')
    .select(['tier', sql<number>`count(*)::int`.as('users')])
    .where('tier', '<>', 'none')
    .groupBy('tier')
    .execute()
}
