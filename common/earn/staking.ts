import { type DecimalString, div, gt, lt, mul, round, sub } from '../money/decimal'

/**
 * Staking (pledge mining) rules. A product pays a rate, either per year ("annual", spread over
 * 365 days) or per day ("daily"), on the staked amount for a whole number of days. The reward of
 * one day is fixed when the order is placed:
 *
 *   daily reward = amount x daily rate, rounded DOWN to the coin's precision
 *   expected reward = daily reward x cycle days
 *
 * so the sum of the days paid is exactly the expected reward and the pool is never asked for more.
 */
export const DAY_MS = 86_400_000
export const RATE_KINDS = ['annual', 'daily'] as const
export type RateKind = (typeof RATE_KINDS)[number]
/** Digits kept of a daily rate derived from an annual one (before the reward is rounded). */
const RATE_DP = 18

export function dailyRateOf(rate: DecimalString, kind: RateKind): DecimalString {
  return kind === 'daily' ? rate : div(rate, '365', RATE_DP, 'down')
}

export function dailyReward(
  amount: DecimalString,
  rate: DecimalString,
  kind: RateKind,
  dp: number,
): DecimalString {
  return round(mul(amount, dailyRateOf(rate, kind)), dp, 'down')
}

export function expectedReward(daily: DecimalString, cycleDays: number): DecimalString {
  return mul(daily, String(cycleDays))
}

/** Whole days of an order's cycle that have passed at `now` (0..cycleDays). */
export function daysElapsed(startMs: number, now: number, cycleDays: number): number {
  if (now <= startMs) return 0
  return Math.min(cycleDays, Math.floor((now - startMs) / DAY_MS))
}

export const endOf = (startMs: number, cycleDays: number): number => startMs + cycleDays * DAY_MS

/**
 * The rewards still owed for the days from `paidDays + 1` to `toDay`: one entry per day, each the
 * fixed daily reward (the last day of the cycle may carry nothing more: days never exceed the cycle).
 */
export function dueDays(paidDays: number, toDay: number): number[] {
  const out: number[] = []
  for (let d = paidDays + 1; d <= toDay; d++) out.push(d)
  return out
}

export type StakeRefusal = 'below_min' | 'above_max' | 'quota' | 'pool'

/**
 * Can this order be placed? Amount within [min, max]; the product's quota not exceeded by the
 * principal now locked; and the rewards pool able to cover this order's whole reward on top of
 * what it already owes to the orders still earning.
 */
export function stakeRefusal(p: {
  amount: DecimalString
  min: DecimalString
  max: DecimalString
  quota: DecimalString
  staked: DecimalString
  expected: DecimalString
  pool: DecimalString
  owed: DecimalString
}): StakeRefusal | null {
  if (lt(p.amount, p.min)) return 'below_min'
  if (gt(p.amount, p.max)) return 'above_max'
  if (gt(p.amount, sub(p.quota, p.staked))) return 'quota'
  if (gt(p.expected, sub(p.pool, p.owed))) return 'pool'
  return null
}
