import { add, type DecimalString, toFixed as fixed, gte, lt, mul, normalize } from '../money/decimal'

const toFixed = (a: DecimalString, dp: number, mode: 'down'): DecimalString => normalize(fixed(a, dp, mode))

/**
 * Invitation, rebates, VIP tiers and the mining level (issue 19, docs/spec.md section 6): pure rules
 * the server's daily job and the screens share. Days are calendar days in UTC+8 ('YYYY-MM-DD').
 */

export const VIP_TIERS = ['gold', 'diamond', 'premium'] as const
export type VipTier = (typeof VIP_TIERS)[number]
export type TierOrNone = VipTier | 'none'

export interface TierRule {
  tier: VipTier
  /** Total assets (USDT at the index) from which the tier is reached. */
  minAssets: DecimalString
  /** Factor on the instrument's maker and taker fee rates (0.8 = 20 % off). */
  feeFactor: DecimalString
}

/** Defaults of a fresh install (the migration seeds them as config rows operators can change). */
export const DEFAULT_TIERS: TierRule[] = [
  { tier: 'gold', minAssets: '300000', feeFactor: '0.8' },
  { tier: 'diamond', minAssets: '1000000', feeFactor: '0.7' },
  { tier: 'premium', minAssets: '3000000', feeFactor: '0.5' },
]

/** Consecutive days below the tier's threshold after which its special fee ends. */
export const SHORTFALL_DAYS = 7

const OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

/** The UTC+8 calendar day of an instant. */
export const dayOf = (ms: number): string => new Date(ms + OFFSET_MS).toISOString().slice(0, 10)
/** The instant a UTC+8 day starts. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`) - OFFSET_MS
/** The day `n` days after `day` (negative: before); crosses month and year ends. */
export const addDays = (day: string, n: number): string => dayOf(dayStartMs(day) + n * DAY_MS)
/** Whole days from a to b. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((dayStartMs(b) - dayStartMs(a)) / DAY_MS)
/** Hour of the day in UTC+8. */
export const hourOf = (ms: number): number => new Date(ms + OFFSET_MS).getUTCHours()
/** Daily work (snapshots, rebates) runs between 00:00 and 08:00 UTC+8. */
export const inDailyWindow = (ms: number): boolean => hourOf(ms) < 8

const sorted = (rules: readonly TierRule[]) =>
  [...rules].sort((a, b) => (lt(a.minAssets, b.minAssets) ? -1 : 1))
const rank = (t: TierOrNone, rules: readonly TierRule[]) =>
  t === 'none' ? 0 : sorted(rules).findIndex((r) => r.tier === t) + 1

/** The highest tier whose threshold the assets reach. */
export function tierFor(assets: DecimalString, rules: readonly TierRule[] = DEFAULT_TIERS): TierOrNone {
  let out: TierOrNone = 'none'
  for (const r of sorted(rules)) if (gte(assets, r.minAssets)) out = r.tier
  return out
}

export interface VipState {
  /** The tier whose fee applies. */
  tier: TierOrNone
  /** Consecutive snapshot days below that tier's threshold (0 when met). */
  shortfallDays: number
  /** The day of the last snapshot applied. */
  lastDay: string | null
}

export const NO_VIP: VipState = { tier: 'none', shortfallDays: 0, lastDay: null }

/**
 * Applies one day's snapshot: a higher tier applies at once; below the current tier the count of
 * consecutive days grows (a day without a snapshot counts as below: nothing was held to show),
 * and when it reaches 7 the tier falls to what the assets still reach; a qualifying day resets it.
 * The tier is a pure function of the snapshots, in order.
 */
export function applySnapshot(
  prev: VipState,
  day: string,
  assets: DecimalString,
  rules: readonly TierRule[] = DEFAULT_TIERS,
): VipState {
  if (prev.lastDay && daysBetween(prev.lastDay, day) <= 0) return prev
  const met = tierFor(assets, rules)
  if (rank(met, rules) >= rank(prev.tier, rules)) return { tier: met, shortfallDays: 0, lastDay: day }
  const gap = prev.lastDay ? daysBetween(prev.lastDay, day) : 1
  const days = prev.shortfallDays + gap
  if (days >= SHORTFALL_DAYS) return { tier: met, shortfallDays: 0, lastDay: day }
  return { tier: prev.tier, shortfallDays: days, lastDay: day }
}

/** Days left before a shortfall cancels the special fee (null when there is none). */
export const daysLeft = (s: VipState): number | null =>
  s.tier !== 'none' && s.shortfallDays > 0 ? SHORTFALL_DAYS - s.shortfallDays : null

/** The fee factor of a tier (1 without one). */
export function feeFactor(tier: TierOrNone, rules: readonly TierRule[] = DEFAULT_TIERS): DecimalString {
  return rules.find((r) => r.tier === tier)?.feeFactor ?? '1'
}

/** An instrument's rate with the factor, at 8 decimals, rounded down (never above the rate). */
export const discounted = (rate: DecimalString, factor: DecimalString): DecimalString =>
  toFixed(mul(rate, factor), 8, 'down')

/** The next tier above `tier` and what is missing to reach it, or null at the top. */
export function nextTier(
  tier: TierOrNone,
  assets: DecimalString,
  rules: readonly TierRule[] = DEFAULT_TIERS,
): { tier: VipTier; minAssets: DecimalString } | null {
  const r = sorted(rules).find((x) => rank(x.tier, rules) > rank(tier, rules) && lt(assets, x.minAssets))
  return r ? { tier: r.tier, minAssets: r.minAssets } : null
}

// Invitation ranks (partner levels).

export const RANKS = ['ordinary', 'partner1', 'partner2', 'partner3'] as const
export type Rank = (typeof RANKS)[number]

export interface RankRule {
  rank: Rank
  /** Invitees who traded in the last 30 days. */
  minActive: number
  /** Their trading volume in the last 30 days (USDT). */
  minVolume: DecimalString
  /** Share of the invitees' fees paid to the inviter. */
  share: DecimalString
}

export const DEFAULT_RANKS: RankRule[] = [
  { rank: 'ordinary', minActive: 0, minVolume: '0', share: '0.2' },
  { rank: 'partner1', minActive: 5, minVolume: '100000', share: '0.3' },
  { rank: 'partner2', minActive: 20, minVolume: '1000000', share: '0.35' },
  { rank: 'partner3', minActive: 50, minVolume: '10000000', share: '0.4' },
]

/** The rank earned by activity, or the one operators granted, whichever is higher. */
export function rankFor(
  active: number,
  volume: DecimalString,
  granted: Rank | null = null,
  rules: readonly RankRule[] = DEFAULT_RANKS,
): Rank {
  let earned: Rank = 'ordinary'
  for (const r of rules) if (active >= r.minActive && gte(volume, r.minVolume)) earned = r.rank
  if (granted && RANKS.indexOf(granted) > RANKS.indexOf(earned)) return granted
  return earned
}

export const shareOf = (r: Rank, rules: readonly RankRule[] = DEFAULT_RANKS): DecimalString =>
  rules.find((x) => x.rank === r)?.share ?? '0'

/**
 * The rebate of one fee: the share, at the asset's precision, rounded down, so what is paid never
 * exceeds the fee actually charged (share <= 1).
 */
export function rebateOf(fee: DecimalString, share: DecimalString, dp: number): DecimalString {
  if (lt(share, '0') || lt('1', share)) throw new Error(`rebate share out of range: ${share}`)
  return toFixed(mul(fee, share), dp, 'down')
}

/** An id shown to someone else: first 2 and last 2 characters. */
export function maskId(id: string): string {
  if (id.length <= 4) return `${id.slice(0, 1)}***`
  return `${id.slice(0, 2)}****${id.slice(-2)}`
}

/** A nickname on the leaderboard: first and last character. */
export function maskName(name: string): string {
  const chars = [...name]
  if (chars.length <= 2) return `${chars[0] ?? ''}*`
  return `${chars[0]}***${chars[chars.length - 1]}`
}

// Mining level.

/** Points at which levels 1..5 start. */
export const LEVEL_POINTS = [10, 100, 1_000, 10_000, 100_000] as const

/**
 * Mining level 0-5 from staking and trading: points = staked value (USDT) / 100 + 30-day
 * trading volume (USDT) / 10,000; the level is how many of LEVEL_POINTS the points reach.
 */
export function miningLevel(
  staked: DecimalString,
  volume30d: DecimalString,
): { level: number; points: string } {
  const points = toFixed(add(mul(staked, '0.01'), mul(volume30d, '0.0001')), 2, 'down')
  let level = 0
  for (const p of LEVEL_POINTS) if (gte(points, String(p))) level++
  return { level, points }
}
