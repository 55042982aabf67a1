import {
  addDays,
  DEFAULT_RANKS,
  DEFAULT_TIERS,
  dayOf,
  discounted,
  feeFactor,
  inDailyWindow,
  type Rank,
  type RankRule,
  rankFor,
  type TierOrNone,
  type TierRule,
} from '@common/invite/rules'
import { type DecimalString, gt, mul, normalize, sum } from '@common/money/decimal'
import { type Db, perDb } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { indexPriceUsdt } from '../../platform/market-prices/prices'
import type { InviteDesk } from './desk'
import { lastRebateDay, volumesSince } from './rebate-repo'
import { payDay } from './rebates'
import { configRows, grantedRank, inviteesOf } from './repo'
import { snapshotDay } from './vip'
import { holdingsOf, tiersInForce } from './vip-repo'

/** Test clock (offset from the wall clock), moved only by the dev routes outside production. */
let clockOffset = 0
export const setInviteClock = (offsetMs: number): void => {
  clockOffset = offsetMs
}
export const inviteNow = (): number => Date.now() + clockOffset

/** How far back a missed daily pass catches up (days). */
const CATCH_UP_DAYS = 7
export const DAY_MS = 86_400_000

/**
 * Invitation rebates and VIP tiers (issue 19). One per database. Keeps the rules (config rows)
 * and every user's VIP tier in memory, so the spot and contract engines ask for a user's fee
 * rates without a query (feeRates); the daily pass (rebates.ts, vip.ts) refreshes both.
 */
export class InviteService implements InviteDesk {
  tiers: TierRule[] = DEFAULT_TIERS
  ranks: RankRule[] = DEFAULT_RANKS
  private readonly vip = new Map<string, TierOrNone>()
  private market: MarketData | null = null
  private loaded: Promise<void> | null = null

  constructor(readonly db: Db) {}

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
    const [cfg, rows] = await Promise.all([configRows(this.db), tiersInForce(this.db)])
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
    return this.valueUsdt(await holdingsOf(db, userId))
  }

  /** Holdings in USDT at the index (an asset without a price counts nothing). */
  valueUsdt(rows: { asset: string; amount: string }[]): DecimalString {
    const parts: DecimalString[] = []
    for (const r of rows) {
      const price = this.market ? indexPriceUsdt(this.market, r.asset) : r.asset === 'USDT' ? '1' : null
      if (price) parts.push(mul(normalize(String(r.amount)), price))
    }
    return normalize(sum(parts))
  }

  /** Staked value (the finance account) in USDT, for the mining level. */
  async stakedValue(userId: string): Promise<DecimalString> {
    return this.valueUsdt(await holdingsOf(this.db, userId, 'finance'))
  }

  /** Trading volume (USDT) of users since an instant: spot quote and contract notional, both roles. */
  volumes(
    userIds: readonly string[] | null,
    sinceMs: number,
    db: Tx = this.db,
  ): Promise<Map<string, DecimalString>> {
    return volumesSince(db, userIds, sinceMs)
  }

  /** The rank of an inviter: earned from active invitees and their 30-day volume, or granted. */
  async rankOf(
    inviterId: string,
    now = this.now(),
    db: Tx = this.db,
  ): Promise<{ rank: Rank; active: number; volume: DecimalString }> {
    const [invitees, granted] = await Promise.all([inviteesOf(db, inviterId), grantedRank(db, inviterId)])
    const vols = invitees.length
      ? await this.volumes(
          invitees.map((u) => u.id),
          now - 30 * DAY_MS,
          db,
        )
      : new Map()
    const active = [...vols.values()].filter((v) => gt(v, '0')).length
    const volume = normalize(sum([...vols.values()]))
    return { rank: rankFor(active, volume, (granted as Rank) ?? null, this.ranks), active, volume }
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
    const { users } = await snapshotDay(this, yesterday)
    const last = await lastRebateDay(this.db)
    let day = last ? addDays(last, 1) : yesterday
    if (day < addDays(yesterday, -CATCH_UP_DAYS)) day = addDays(yesterday, -CATCH_UP_DAYS)
    let paid = 0
    let rebates = 0
    for (; day <= yesterday; day = addDays(day, 1)) {
      const r = await payDay(this, day, now)
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
