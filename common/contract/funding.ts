import {
  add,
  cmp,
  type DecimalString,
  div,
  isZero,
  max,
  min,
  mul,
  neg,
  round,
  sub,
  sum,
} from '../money/decimal'
import type { ContractSide } from './schema'

/**
 * Funding of perpetuals (derivatives.md section 1, Binance's rule with our book as the source).
 *
 * - Every 8 hours, at 00:00, 08:00 and 16:00 UTC+8 (= 16:00, 00:00, 08:00 UTC: the multiples of
 *   8 h since the epoch), positions open at that moment pay or receive.
 * - Premium sample (each minute): P = (mid - index) / index, mid = (best bid + best ask) / 2 of
 *   the instrument's own order book. Our market makers quote around the index and skew with their
 *   inventory, so P says which side of the book is crowded.
 * - Rate: F = avgP + clamp(I - avgP, -0.05 %, +0.05 %), I = 0.01 % per 8 h (the interest part),
 *   avgP the mean of the interval's samples (no sample: avgP = 0, F = I); then capped to
 *   +/- 0.75 x the first tier's maintenance margin rate. Rounded to 8 places.
 * - Payment of a position = mark x qty x F: F > 0 longs pay shorts, F < 0 shorts pay longs. Payers
 *   are rounded up and receivers down (to the money precision), so what is paid covers what is
 *   received; the rounding dust goes to one named account (the insurance fund), and payments plus
 *   dust sum to exactly zero.
 */

export const FUNDING_INTERVAL_MS = 8 * 3600 * 1000
export const FUNDING_INTEREST = '0.0001'
export const FUNDING_CLAMP = '0.0005'
export const FUNDING_CAP_FACTOR = '0.75'

/** The first funding time strictly after `now` (epoch ms). */
export function nextFundingAt(now: number): number {
  return (Math.floor(now / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS
}

/** The latest funding time at or before `now`. */
export function lastFundingAt(now: number): number {
  return Math.floor(now / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS
}

/** One premium sample from the book's best prices and the index; null without a two-sided book. */
export function premiumOf(
  bestBid: DecimalString | null,
  bestAsk: DecimalString | null,
  index: DecimalString,
): DecimalString | null {
  if (bestBid === null || bestAsk === null || isZero(index)) return null
  const mid = div(add(bestBid, bestAsk), '2', 12, 'half-up')
  return div(sub(mid, index), index, 12, 'half-up')
}

const clamp = (x: DecimalString, lo: DecimalString, hi: DecimalString) => max(lo, min(hi, x))

/** The funding rate from the interval's premium samples (see the header). */
export function fundingRate(samples: readonly DecimalString[], firstTierMmr: DecimalString): DecimalString {
  const avg = samples.length ? div(sum(samples), String(samples.length), 12, 'half-up') : '0'
  const f = add(avg, clamp(sub(FUNDING_INTEREST, avg), neg(FUNDING_CLAMP), FUNDING_CLAMP))
  const cap = mul(FUNDING_CAP_FACTOR, firstTierMmr)
  return round(clamp(f, neg(cap), cap), 8, 'half-up')
}

export interface FundingHolder {
  /** Any key the caller needs back (holder + symbol + side). */
  key: string
  side: ContractSide
  qty: DecimalString
}

export interface FundingPaymentLine {
  key: string
  /** Negative = paid, positive = received. */
  amount: DecimalString
}

/**
 * Payments of one funding round. Payers round up, receivers down; `dust` (>= 0) is what the
 * rounding leaves, for the named dust account. Sum of amounts + dust = 0 whenever the long and
 * short quantities are equal (they always are: every fill has two sides).
 */
export function fundingPayments(
  holders: readonly FundingHolder[],
  rate: DecimalString,
  mark: DecimalString,
  dp: number,
): { lines: FundingPaymentLine[]; dust: DecimalString } {
  const lines: FundingPaymentLine[] = []
  if (isZero(rate)) return { lines, dust: '0' }
  const longsPay = cmp(rate, '0') > 0
  const r = longsPay ? rate : neg(rate)
  for (const h of holders) {
    const raw = mul(mul(mark, h.qty), r)
    const pays = (h.side === 'long') === longsPay
    const amount = pays ? neg(round(raw, dp, 'up')) : round(raw, dp, 'down')
    if (!isZero(amount)) lines.push({ key: h.key, amount })
  }
  const dust = neg(sum(lines.map((l) => l.amount)))
  return { lines, dust }
}
