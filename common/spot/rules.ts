import { add, type DecimalString, div, isZero, max, mul, round, toFixed } from '../money/decimal'

/*
 * The spot freeze and fee rule, one copy for both sides: the server freezes and charges with it
 * (server/modules/spot), the order form shows with it what an order will hold and cost
 * (src/features/spot). Rates are fractions ("0.001"); `quoteDp` is the quote asset's places.
 */

/** The higher of the two rates: what a limit order is frozen for (maker or taker is not known yet). */
export const upperRate = (maker: DecimalString, taker: DecimalString): DecimalString => max(maker, taker)

/**
 * What a limit buy freezes: its notional and the fee at the higher of the two rates on top,
 * rounded up to the quote asset's places.
 */
export function limitBuyFreeze(
  notional: DecimalString,
  makerFee: DecimalString,
  takerFee: DecimalString,
  quoteDp: number,
): DecimalString {
  return add(notional, round(mul(notional, upperRate(makerFee, takerFee)), quoteDp, 'up'))
}

/**
 * The most base the available quote buys at `price` with the freezing fee on top (limitBuyFreeze
 * turned around), whole `amountDp` units, rounded down; null without a price.
 */
export function maxBuy(
  available: string,
  price: string,
  freezeRate: string,
  amountDp: number,
): string | null {
  if (!/^\d+(\.\d+)?$/.test(price) || isZero(price)) return null
  return toFixed(div(available, mul(price, add('1', freezeRate)), amountDp + 2, 'down'), amountDp, 'down')
}

/**
 * The notional a market buy's quote budget can buy with the taker fee on top, at the book's
 * resolution (price places + amount places).
 */
export function marketBuyNotional(
  quoteAmount: DecimalString,
  takerFee: DecimalString,
  quoteDp: number,
  pricePlaces: number,
  amountPlaces: number,
): DecimalString {
  return toFixed(
    div(quoteAmount, add('1', takerFee), quoteDp + 2, 'down'),
    pricePlaces + amountPlaces,
    'down',
  )
}

/** The fee of one fill: notional x rate, rounded down to the quote asset's places. */
export function fillFee(notional: DecimalString, rate: DecimalString, quoteDp: number): DecimalString {
  return toFixed(mul(notional, rate), quoteDp, 'down')
}

/**
 * The fee of an order in the quote asset, rounded up to `dp` (an estimate never below the charge):
 * `notional` x `rate`, or for a market buy's budget, which pays the fee out of itself,
 * budget x rate / (1 + rate).
 */
export function feeEstimate(notional: string, rate: string, dp: number, budgetIncludesFee = false): string {
  const fee = budgetIncludesFee ? div(mul(notional, rate), add('1', rate), dp + 4, 'up') : mul(notional, rate)
  return toFixed(fee, dp, 'up')
}
