import {
  addDays,
  applySnapshot,
  DEFAULT_RANKS,
  DEFAULT_TIERS,
  dayOf,
  dayStartMs,
  discounted,
  feeFactor,
  inDailyWindow,
  NO_VIP,
  type Rank,
  type RankRule,
  rankFor,
  rebateOf,
  shareOf,
  type TierOrNone,
  type TierRule,
  type VipState,
} from '@common/invite/rules'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, type DecimalString, gt, isZero, mul, normalize, sum } from '@common/money/decimal'
import { sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import { move, postEntry, type Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { indexPriceUsdt } from '../../platform/market-prices/prices'

/** Test clock (offset from the wall clock), moved only by the dev routes outside production. */
let clockOffset = 0
export const setInviteClock = (offsetMs: number): void => {
  clockOffset = offsetMs
}
export const inviteNow = (): number => Date.now() + clockOffset

/** Where rebates are paid: the inviter's funding account. */
const PAY_ACCOUNT = 'funding'
/** How far back a missed daily pass catches up (days). */
const CATCH_UP_DAYS = 7
const DAY_MS = 86_400_000

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

/**
 * Invitation rebates and VIP tiers (issue 19). One per database. Keeps the rules (config rows)
 * and every user's VIP tier in memory, so the spot and contract engines ask for a user's fee
 * rates without a query (feeRates); the daily pass refreshes both.
 */
export class InviteService {
  tiers: TierRule[] = DEFAULT_TIERS
  ranks: RankRule[] = DEFAULT_RANKS
  private readonly vip = new Map<string, TierOrNone>()
  private market: MarketData | null = null
  private loaded: Promise<void> | null = null

  constructor(private readonly db: Db) {}

  now(): number {
    return inviteNow()
  }

  attachMarket(market: MarketData): void {
    this.market = market
  }

  init(): Promise<void> {
    this.loaded ??= this.reload()
    return this.loaded
  }

  async reload(): Promise<void> {
    const [cfg, rows] = await Promise.all([
      this.db.selectFrom('invite_config').selectAll().execute(),
      this.db.selectFrom('vip_status').select(['user_id', 'tier']).where('tier', '<>', 'none').execute(),
    ])
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
    for (const c of cfg) {
      if (c.key === 'vip_tiers') this.tiers = parse(c.value) as TierRule[]
      if (c.key === 'ranks') this.ranks = parse(c.value) as RankRule[]
    }
    this.vip.clear()
    for (const r of rows) this.vip.set(r.user_id, r.tier as TierOrNone)
  }

  tierOf(holder: string): TierOrNone {
    return this.vip.get(holder) ?? 'none'
  }

  /** A holder's maker and taker rates: the instrument's, with the VIP tier's factor in force. */
  feeRates(
    holder: string,
    maker: DecimalString,
    taker: DecimalString,
  ): { maker: DecimalString; taker: DecimalString } {
    const tier = this.tierOf(holder)
    if (tier === 'none') return { maker, taker }
    const f = feeFactor(tier, this.tiers)
    return { maker: discounted(maker, f), taker: discounted(taker, f) }
  }

  /** Total assets of a user in USDT at the index (every account, available and frozen). */
  async totalAssets(db: Tx, userId: string): Promise<DecimalString> {
    const rows = await db
      .selectFrom('balance')
      .select(['asset', sql<string>`sum(available + frozen)`.as('amount')])
      .where('holder', '=', userId)
      .groupBy('asset')
      .execute()
    return this.value(rows)
  }

  private value(rows: { asset: string; amount: string }[]): DecimalString {
    const parts: DecimalString[] = []
    for (const r of rows) {
      const price = this.market ? indexPriceUsdt(this.market, r.asset) : r.asset === 'USDT' ? '1' : null
      if (price) parts.push(mul(normalize(String(r.amount)), price))
    }
    return normalize(sum(parts))
  }

  /** Staked value (the finance account) in USDT, for the mining level. */
  async stakedValue(userId: string): Promise<DecimalString> {
    const rows = await this.db
      .selectFrom('balance')
      .select(['asset', sql<string>`sum(available + frozen)`.as('amount')])
      .where('holder', '=', userId)
      .where('account', '=', 'finance')
      .groupBy('asset')
      .execute()
    return this.value(rows)
  }

  /** Trading volume (USDT) of users since an instant: spot quote and contract notional, both roles. */
  async volumes(
    userIds: readonly string[] | null,
    sinceMs: number,
    db: Tx = this.db,
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

  /** The rank of an inviter: earned from active invitees and their 30-day volume, or granted. */
  async rankOf(
    inviterId: string,
    now = this.now(),
    db: Tx = this.db,
  ): Promise<{ rank: Rank; active: number; volume: DecimalString }> {
    const [invitees, granted] = await Promise.all([
      db.selectFrom('users').select('id').where('referred_by', '=', inviterId).execute(),
      db.selectFrom('invite_partner').select('rank').where('user_id', '=', inviterId).executeTakeFirst(),
    ])
    const vols = invitees.length
      ? await this.volumes(
          invitees.map((u) => u.id),
          now - 30 * DAY_MS,
          db,
        )
      : new Map()
    const active = [...vols.values()].filter((v) => gt(v, '0')).length
    const volume = normalize(sum([...vols.values()]))
    return { rank: rankFor(active, volume, (granted?.rank as Rank) ?? null, this.ranks), active, volume }
  }

  /** The invitees' fees of one UTC+8 day, per fill and role (only fills with a fee). */
  async feesOf(trx: Tx, day: string): Promise<Fill[]> {
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

  /**
   * Pays one day's rebates, exactly once: the day's run row, the rebate rows (one per fill and
   * role, unique) and one ledger entry per inviter and asset (fees -> inviter's funding) commit
   * together, and a day with a run row is never paid again (after a restart too).
   */
  async payDay(day: string, now = this.now()): Promise<{ paid: number; rebates: number }> {
    const ranks = new Map<string, DecimalString>()
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('invite_run')
        .values({ kind: 'rebate', day })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst()
      if (!claimed) return { paid: 0, rebates: 0 }
      const fills = await this.feesOf(trx, day)
      if (fills.length === 0) return { paid: 0, rebates: 0 }
      const prec = new Map(
        (await trx.selectFrom('asset').select(['code', 'precision']).execute()).map((a) => [
          a.code,
          a.precision,
        ]),
      )
      const rows: (Fill & { day: string; share: string; amount: string })[] = []
      for (const f of fills) {
        let share = ranks.get(f.inviter_id)
        if (share === undefined) {
          share = shareOf((await this.rankOf(f.inviter_id, now, trx)).rank, this.ranks)
          ranks.set(f.inviter_id, share)
        }
        const amount = rebateOf(f.fee, share, prec.get(f.asset) ?? 8)
        if (!isZero(amount)) rows.push({ ...f, day, share, amount })
      }
      const totals = new Map<string, { inviter: string; asset: string; amount: DecimalString }>()
      for (const r of rows) {
        const k = `${r.inviter_id}\u0000${r.asset}`
        const t = totals.get(k) ?? { inviter: r.inviter_id, asset: r.asset, amount: '0' }
        t.amount = add(t.amount, r.amount)
        totals.set(k, t)
      }
      const entries = new Map<string, string>()
      for (const [k, t] of totals) {
        const id = await postEntry(trx, {
          reason: 'rebate',
          refType: 'invite_rebate',
          refId: `${day}:${t.inviter}`,
          memo: `rebates of ${day}`,
          postings: move(
            { holder: SYSTEM_HOLDER, account: 'fees', asset: t.asset },
            { holder: t.inviter, account: PAY_ACCOUNT, asset: t.asset },
            t.amount,
          ),
        })
        entries.set(k, String(id))
      }
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('invite_rebate')
          .values(
            rows.slice(i, i + 500).map((r) => ({
              day: r.day,
              source: r.source,
              fill_id: r.fill_id,
              role: r.role,
              symbol: r.symbol,
              inviter_id: r.inviter_id,
              invitee_id: r.invitee_id,
              asset: r.asset,
              fee: r.fee,
              share: r.share,
              amount: r.amount,
              entry_id: entries.get(`${r.inviter_id}\u0000${r.asset}`) ?? null,
            })),
          )
          .execute()
      return { paid: totals.size, rebates: rows.length }
    })
  }

  /**
   * One day's VIP snapshot: every user holding a balance, and every user with a tier, gets the
   * day's total assets (the balances when the pass runs, just after the day ended) and the tier
   * that leaves in force. The day's run row makes it happen once.
   */
  async snapshotDay(day: string): Promise<{ users: number }> {
    const n = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('invite_run')
        .values({ kind: 'vip', day })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst()
      if (!claimed) return 0
      const { rows } = await sql<{ holder: string; asset: string; amount: string }>`
        select b.holder, b.asset, sum(b.available + b.frozen)::text as amount
        from balance b join users u on u.id = b.holder group by b.holder, b.asset`.execute(trx)
      const byUser = new Map<string, { asset: string; amount: string }[]>()
      for (const r of rows) byUser.set(r.holder, [...(byUser.get(r.holder) ?? []), r])
      const states = await trx.selectFrom('vip_status').selectAll().execute()
      const prev = new Map<string, VipState>(
        states.map((s) => [
          s.user_id,
          { tier: s.tier as TierOrNone, shortfallDays: s.shortfall_days, lastDay: s.last_day },
        ]),
      )
      const users = new Set([
        ...byUser.keys(),
        ...states.filter((s) => s.tier !== 'none').map((s) => s.user_id),
      ])
      let count = 0
      for (const userId of users) {
        const assets = this.value(byUser.get(userId) ?? [])
        const before = prev.get(userId) ?? NO_VIP
        const next = applySnapshot(before, day, assets, this.tiers)
        if (next === before) continue
        if (next.tier === 'none' && !prev.has(userId) && isZero(assets)) continue
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
        count++
      }
      return count
    })
    await this.reload()
    return { users: n }
  }

  /**
   * The daily pass, between 00:00 and 08:00 UTC+8 only: yesterday's VIP snapshot, then the
   * rebates of every day since the last paid one (at most a week back), oldest first.
   */
  async runDaily(
    now = this.now(),
  ): Promise<{ day: string | null; snapshot: number; paid: number; rebates: number }> {
    if (!inDailyWindow(now)) return { day: null, snapshot: 0, paid: 0, rebates: 0 }
    await this.init()
    const yesterday = addDays(dayOf(now), -1)
    const { users } = await this.snapshotDay(yesterday)
    const last = await this.db
      .selectFrom('invite_run')
      .select(sql<string>`max(day)`.as('day'))
      .where('kind', '=', 'rebate')
      .executeTakeFirst()
    let day = last?.day ? addDays(last.day, 1) : yesterday
    if (day < addDays(yesterday, -CATCH_UP_DAYS)) day = addDays(yesterday, -CATCH_UP_DAYS)
    let paid = 0
    let rebates = 0
    for (; day <= yesterday; day = addDays(day, 1)) {
      const r = await this.payDay(day, now)
      paid += r.paid
      rebates += r.rebates
    }
    return { day: yesterday, snapshot: users, paid, rebates }
  }
}

export const inviteService = perDb((db) => new InviteService(db))

/**
 * The hook the spot and contract engines call when an order is placed: the holder's maker and
 * taker rates with the VIP tier's discount in force (synchronous, from memory). Market makers and
 * users without a tier keep the instrument's rates.
 */
export function vipFeeRates(
  db: Db,
  holder: string,
  maker: DecimalString,
  taker: DecimalString,
): { maker: DecimalString; taker: DecimalString } {
  return inviteService(db).feeRates(holder, maker, taker)
}
