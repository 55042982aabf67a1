import { add, type DecimalString, gt, isNegative, max, mul, round, sub, sum } from '../money/decimal'

/**
 * Short-term options (up / down / flat): the pure rules shared by the server and the app.
 * A round of (symbol, period) opens at a boundary `start` (epoch seconds, a multiple of the period;
 * days at 00:00 UTC+8), takes orders until `cutoff` seconds before it starts, records its open price
 * (index at second `start`) and its close price (index at second `start + period`, the delivery).
 */

export const OPTION_TYPES = ['up', 'down', 'flat'] as const
export type OptionType = (typeof OPTION_TYPES)[number]

/** Periods in seconds (docs/spec.md section 9: minute, hour, day; 30 s as the shortest). */
export const OPTION_PERIODS = [30, 60, 300, 3600, 86400] as const
export type OptionPeriod = (typeof OPTION_PERIODS)[number]

export function isOptionPeriod(p: unknown): p is OptionPeriod {
  return typeof p === 'number' && (OPTION_PERIODS as readonly number[]).includes(p)
}

/** Day rounds start at 00:00 UTC+8 (the platform's default timezone, Asia/Shanghai). */
const DAY_OFFSET = 8 * 3600

/** Start (epoch s) of the boundary of `period` at or before `sec`. */
export function boundaryAtOrBefore(sec: number, period: number): number {
  const off = period === 86400 ? DAY_OFFSET : 0
  return Math.floor((sec + off) / period) * period - off
}

/**
 * The round taking orders at `nowMs`: the first boundary whose cut-off (`cutoff` seconds before
 * its start) is still ahead. Exactly at the cut-off second, orders go to the next round.
 */
export function buyableRoundStart(nowMs: number, period: number, cutoff: number): number {
  const sec = Math.floor(nowMs / 1000)
  let start = boundaryAtOrBefore(sec, period) + period
  while (sec >= start - cutoff) start += period
  return start
}

export type OptionResult = 'up' | 'down' | 'flat'

/** Absolute flat band of a round: open price x band rate, rounded to the price precision. */
export function bandOf(open: DecimalString, bandRate: DecimalString, pricePrecision: number): DecimalString {
  return round(mul(open, bandRate), pricePrecision, 'half-up')
}

/** Up when close > open + band, down when close < open - band, flat when |close - open| <= band. */
export function resultOf(open: DecimalString, close: DecimalString, band: DecimalString): OptionResult {
  if (gt(close, add(open, band))) return 'up'
  if (gt(sub(open, band), close)) return 'down'
  return 'flat'
}

/** Option fee on an amount, rounded up to the asset's precision (never under-charged). */
export function feeOf(amount: DecimalString, feeRate: DecimalString, dp = 8): DecimalString {
  return round(mul(amount, feeRate), dp, 'up')
}

/** Profit of a winning order: principal x return rate, rounded down (never over-paid). */
export function profitOf(amount: DecimalString, rate: DecimalString, dp = 8): DecimalString {
  return round(mul(amount, rate), dp, 'down')
}

/**
 * What the holder receives at delivery: principal + profit on a win, nothing on a loss. Never
 * negative: rates are validated >= 0, and a negative input is clamped.
 */
export function payoutOf(amount: DecimalString, rate: DecimalString, won: boolean, dp = 8): DecimalString {
  if (!won) return '0'
  const p = add(amount, profitOf(amount, max(rate, '0'), dp))
  return isNegative(p) ? '0' : p
}

export interface RoundBook {
  /** Sum of principals per type. */
  up: DecimalString
  down: DecimalString
  flat: DecimalString
}
export interface RoundRates {
  up: DecimalString
  down: DecimalString
  flat: DecimalString
}

/**
 * The pool's net outflow if `result` happens: the winners' profit minus the losers' principal
 * (negative: the pool gains).
 */
export function poolOutflow(book: RoundBook, rates: RoundRates, result: OptionResult, dp = 8): DecimalString {
  const losers = sum(OPTION_TYPES.filter((t) => t !== result).map((t) => book[t]))
  return sub(profitOf(book[result], rates[result], dp), losers)
}

/** The worst case of a round for the pool: the largest outflow of the three results, at least 0. */
export function worstCase(book: RoundBook, rates: RoundRates, dp = 8): DecimalString {
  return max('0', ...OPTION_TYPES.map((r) => poolOutflow(book, rates, r, dp)))
}

/**
 * Per-order profit is rounded down, so the sum over orders never exceeds profitOf(total): the
 * round-level worst case is an upper bound of what settlement pays.
 */
export function withOrder(book: RoundBook, type: OptionType, amount: DecimalString): RoundBook {
  return { ...book, [type]: add(book[type], amount) }
}

/** Is the holder's call winning at this price (the live indicator of an open option)? */
export function winningAt(
  type: OptionType,
  open: DecimalString,
  price: DecimalString,
  band: DecimalString,
): boolean {
  return resultOf(open, price, band) === type
}
