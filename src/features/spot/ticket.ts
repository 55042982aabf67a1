import { add, div, isZero, max, mul, toFixed } from '@common/money/decimal'

/** Sizes of the order form: what the user can spend or sell, shares of it and the fee. */

/** A positive decimal as typed (digits, one optional dot). */
export const validNum = (s: string | undefined): s is string => !!s && /^\d+(\.\d+)?$/.test(s) && !isZero(s)

/**
 * The most base the available quote buys at `price` with the freezing fee on top (the engine
 * freezes the notional plus the higher of the instrument's maker and taker rates), whole
 * `amountDp` units, rounded down.
 */
export function maxBuy(
  available: string,
  price: string,
  freezeRate: string,
  amountDp: number,
): string | null {
  if (!validNum(price)) return null
  return toFixed(div(available, mul(price, add('1', freezeRate)), amountDp + 2, 'down'), amountDp, 'down')
}

/** `percent` (0-100) of `whole`, rounded down to `dp`. */
export const shareOf = (whole: string, percent: number, dp: number): string =>
  toFixed(div(mul(whole, String(percent)), '100', dp + 2, 'down'), dp, 'down')

/** The higher of two rates: what a limit order may be charged (maker or taker, not known ahead). */
export const upperRate = (maker: string, taker: string): string => max(maker, taker)

/**
 * The fee of an order in the quote asset, rounded up to `dp` (an estimate never below the charge):
 * `notional` x `rate`, or for a market buy's budget, which pays the fee out of itself,
 * budget x rate / (1 + rate).
 */
export function feeEstimate(notional: string, rate: string, dp: number, budgetIncludesFee = false): string {
  const fee = budgetIncludesFee ? div(mul(notional, rate), add('1', rate), dp + 4, 'up') : mul(notional, rate)
  return toFixed(fee, dp, 'up')
}
