import { isNegative, isZero, mul, round, sub } from '@common/money/decimal'
import { feeOf, profitOf } from '@common/option/rules'
import type { OptionOrder } from '@common/option/schema'

/** Pure helpers of the option screens (unit tested). */

/** "00:42" / "1:02:05" / "2d 03:04:05"-free: seconds left as m:ss or h:mm:ss, never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`
}

/**
 * A rate in percent units for the percent formatter, at most 4 decimals and no trailing zeros:
 * "0.8" -> "80", "0.825" -> "82.5", "0.00002" -> "0.002". `percentDp` gives the decimals to show.
 */
export function ratePercent(rate: string): string {
  return round(mul(rate, '100'), 4)
}
export const percentDp = (p: string): number => p.split('.')[1]?.length ?? 0

/**
 * What an option did to the account once settled: the payout less the amount and the fee paid at
 * purchase (a win of 50 at 80 % with a 0.10 fee: 90 - 50 - 0.10 = 39.90; a loss: -50.10; a void
 * round refunds both: 0). Null while not settled.
 */
export function optionNet(o: Pick<OptionOrder, 'payout' | 'amount' | 'fee'>): string | null {
  return o.payout === null ? null : sub(sub(o.payout, o.amount), o.fee)
}

/** What a win would add to the account: the profit at `rate` less the fee charged at purchase. */
export function winNet(amount: string, rate: string, feeRate: string): string {
  return sub(profitOf(amount, rate), feeOf(amount, feeRate))
}

/** A trend for colouring a signed figure by its sign (not by the option's direction). */
export const signTrend = (v: string): 'up' | 'down' | 'flat' =>
  isZero(v) ? 'flat' : isNegative(v) ? 'down' : 'up'

/** SVG polyline points of a price series scaled into w x h (with 6 % headroom). */
export function linePoints(
  series: { t: number; p: number }[],
  w: number,
  h: number,
  from: number,
  to: number,
): { points: string; min: number; max: number; y: (p: number) => number } {
  const ps = series.map((s) => s.p)
  let min = Math.min(...ps)
  let max = Math.max(...ps)
  if (!Number.isFinite(min)) return { points: '', min: 0, max: 0, y: () => h / 2 }
  if (max === min) {
    max += Math.abs(max) * 0.0005 || 1
    min -= Math.abs(min) * 0.0005 || 1
  }
  const pad = (max - min) * 0.06
  min -= pad
  max += pad
  const y = (p: number) => h - ((p - min) / (max - min)) * h
  const x = (t: number) => ((t - from) / Math.max(1, to - from)) * w
  return {
    points: series.map((s) => `${x(s.t).toFixed(1)},${y(s.p).toFixed(1)}`).join(' '),
    min,
    max,
    y,
  }
}

/** Chips of the amount field: the minimum, then round amounts above it. */
export function amountChips(min: string): string[] {
  const m = Number(min)
  const out = [min]
  for (const c of [50, 100, 500, 1000, 5000]) if (c > m && out.length < 4) out.push(String(c))
  return out
}
