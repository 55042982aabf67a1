import { addDays, dayStartMs } from '@common/invite/rules'
import { type DecimalString, normalize } from '@common/money/decimal'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/db'
import { pageWithMore } from '../../db/page'
import type { InviteRebateTable } from '../../db/schema-invite'
import type { Tx } from '../../ledger/ledger'

/** One invitee's fee on one fill and role: what a rebate is paid on. */
export interface Fill {
  source: 'spot' | 'contract'
  fill_id: string
  role: 'maker' | 'taker'
  symbol: string
  invitee_id: string
  inviter_id: string
  asset: string
  fee: string
}

/** The invitees' fees of one UTC+8 day, per fill and role (only fills with a fee). */
export async function feesOf(trx: Tx, day: string): Promise<Fill[]> {
  const from = new Date(dayStartMs(day))
  const to = new Date(dayStartMs(addDays(day, 1)))
  const { rows } = await sql<Fill>`
    select 'spot' as source, t.id::text as fill_id, 'maker' as role, t.symbol, u.id as invitee_id,
      u.referred_by as inviter_id, i.quote as asset, t.maker_fee::text as fee
    from spot_trade t join users u on u.id = t.maker_holder join instrument i on i.symbol = t.symbol
    where u.referred_by is not null and t.maker_fee > 0 and t.created_at >= ${from} and t.created_at < ${to}
    union all
    select 'spot', t.id::text, 'taker', t.symbol, u.id, u.referred_by, i.quote, t.taker_fee::text
    from spot_trade t join users u on u.id = t.taker_holder join instrument i on i.symbol = t.symbol
    where u.referred_by is not null and t.taker_fee > 0 and t.created_at >= ${from} and t.created_at < ${to}
    union all
    select 'contract', f.id::text, f.role, f.symbol, u.id, u.referred_by, 'USDT', f.fee::text
    from contract_fill f join users u on u.id = f.holder
    where u.referred_by is not null and f.fee > 0 and f.created_at >= ${from} and f.created_at < ${to}
    order by 1, 2, 3`.execute(trx)
  return rows.map((r) => ({ ...r, fee: normalize(r.fee) }))
}

/** Trading volume (USDT) of users since an instant: spot quote and contract notional, both roles. */
export async function volumesSince(
  db: Tx,
  userIds: readonly string[] | null,
  sinceMs: number,
): Promise<Map<string, DecimalString>> {
  const since = new Date(sinceMs)
  const ids = userIds ? JSON.stringify(userIds) : null
  const filter = (col: string) =>
    ids ? sql`and ${sql.ref(col)} in (select json_array_elements_text(${ids}::json))` : sql``
  const { rows } = await sql<{ holder: string; volume: string }>`
    select holder, sum(v)::text as volume from (
      select maker_holder as holder, quote as v from spot_trade where created_at >= ${since} ${filter('maker_holder')}
      union all
      select taker_holder, quote from spot_trade where created_at >= ${since} ${filter('taker_holder')}
      union all
      select holder, price * qty from contract_fill where created_at >= ${since} ${filter('holder')}
    ) x group by holder`.execute(db)
  return new Map(rows.map((r) => [r.holder, normalize(r.volume)]))
}

/** Claims a daily pass of a day: false when it ran already (the row commits with the pass). */
export async function claimRun(trx: Tx, kind: 'vip' | 'rebate', day: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('invite_run')
    .values({ kind, day })
    .onConflict((oc) => oc.doNothing())
    .returning('day')
    .executeTakeFirst()
  return claimed !== undefined
}

/** The last day whose rebates were paid, or null. */
export async function lastRebateDay(db: Db): Promise<string | null> {
  const last = await db
    .selectFrom('invite_run')
    .select(sql<string>`max(day)`.as('day'))
    .where('kind', '=', 'rebate')
    .executeTakeFirst()
  return last?.day ?? null
}

/** Every asset's number of decimals. */
export async function insertRebates(trx: Tx, rows: Insertable<InviteRebateTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('invite_rebate')
      .values(rows.slice(i, i + 500))
      .execute()
}

/** An inviter's rebates, newest first, one page. */
export function rebatesPage(db: Db, inviterId: string, q: { page: number; size: number }) {
  const query = db
    .selectFrom('invite_rebate')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .orderBy('id', 'desc')
  return pageWithMore(query, q)
}

/** What an inviter earned, per asset. */
export function earnedByAsset(db: Db, inviterId: string) {
  return db
    .selectFrom('invite_rebate')
    .select(['asset', sql<string>`sum(amount)::text`.as('amount')])
    .where('inviter_id', '=', inviterId)
    .groupBy('asset')
    .orderBy('asset')
    .execute()
}

/** The rebates paid per day and asset, the last 30 (the console's overview). */
export function rebateDays(db: Db) {
  return db
    .selectFrom('invite_rebate')
    .select([
      'day',
      'asset',
      sql<string>`sum(amount)::text`.as('amount'),
      sql<number>`count(*)::int`.as('fills'),
      sql<number>`count(distinct inviter_id)::int`.as('inviters'),
    ])
    .groupBy(['day', 'asset'])
    .orderBy('day', 'desc')
    .limit(30)
    .execute()
}
