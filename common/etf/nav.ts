import {
  abs,
  add,
  cmp,
  type DecimalString,
  div,
  gte,
  isNegative,
  isZero,
  mul,
  round,
  sub,
  sum,
} from '../money/decimal'

/**
 * ETF products (derivatives.md section 3): the NAV of one unit, computed from index prices only.
 *
 * Leveraged (3x long L = +3, 3x short L = -3), Gate's published rule:
 *   NAV(P) = NAV_reb x (1 + L x (P / P_reb - 1)),
 * where NAV_reb and P_reb are the NAV and the index at the last rebalance. At a rebalance NAV is
 * unchanged and only the reference moves (NAV_reb := NAV(P), P_reb := P), so the exposure resets
 * to L x NAV and NAV is continuous. Rebalances: daily at 00:00 UTC+8, and intraday as soon as the
 * index has moved INTRADAY_MOVE (15 %) from P_reb either way, long before a -3x product would
 * reach zero (at +33.3 %). NAV never goes below zero.
 *
 * Basket: units per ETF unit u_i = w_i x NAV / P_i (18 places) fixed at the last rebalance;
 *   NAV = sum(u_i x P_i), rounded half-up to 8 places (leveraged NAV is rounded down).
 * The daily rebalance re-weights to the target weights at the current prices, which leaves NAV
 * unchanged (sum(w_i) = 1).
 *
 * Subscribe: fee = amount x f (rounded up to the cent of USDT precision), units = (amount - fee) /
 * NAV rounded down. Redeem: gross = units x NAV rounded down, fee = gross x f rounded up, paid =
 * gross - fee. Every rounding favours the product's holders as a whole, never one order.
 */

export const NAV_DP = 8
export const UNIT_DP = 6
export const USDT_DP = 6
export const COMPONENT_UNIT_DP = 18
export const INTRADAY_MOVE = '0.15'
/** The NAV of a new product, in USDT. */
export const LAUNCH_NAV = '10'
export const DAY_MS = 24 * 3600 * 1000
/** 00:00 UTC+8 is 16:00 UTC. */
const REBALANCE_OFFSET_MS = 8 * 3600 * 1000

export interface LeveragedState {
  navReb: DecimalString
  pReb: DecimalString
  leverage: DecimalString
}

export interface BasketComponent {
  symbol: string
  weight: DecimalString
  units: DecimalString
}

export function leveragedNav(s: LeveragedState, price: DecimalString): DecimalString {
  const move = sub(div(price, s.pReb, 18, 'half-even'), '1')
  const nav = mul(s.navReb, add('1', mul(s.leverage, move)))
  if (isNegative(nav)) return '0'
  return round(nav, NAV_DP, 'down')
}

/** The reference after a rebalance at `price`: NAV is the same before and after. */
export function rebalanceLeveraged(s: LeveragedState, price: DecimalString): LeveragedState {
  return { ...s, navReb: leveragedNav(s, price), pReb: price }
}

/** True when the index has moved INTRADAY_MOVE or more from the last rebalance price. */
export function needsIntradayRebalance(s: LeveragedState, price: DecimalString): boolean {
  const move = abs(sub(div(price, s.pReb, 18, 'half-even'), '1'))
  return gte(move, INTRADAY_MOVE)
}

export function basketNav(
  components: readonly BasketComponent[],
  prices: Record<string, DecimalString>,
): DecimalString {
  const parts = components.map((c) => {
    const p = prices[c.symbol]
    if (p === undefined) throw new Error(`no price for ${c.symbol}`)
    return mul(c.units, p)
  })
  return round(sum(parts), NAV_DP, 'half-up')
}

/** Units per ETF unit so that each component weighs w_i of `nav` at `prices`. */
export function basketUnits(
  components: readonly { symbol: string; weight: DecimalString }[],
  nav: DecimalString,
  prices: Record<string, DecimalString>,
): BasketComponent[] {
  return components.map((c) => {
    const p = prices[c.symbol]
    if (p === undefined || isZero(p)) throw new Error(`no price for ${c.symbol}`)
    return {
      symbol: c.symbol,
      weight: c.weight,
      units: div(mul(c.weight, nav), p, COMPONENT_UNIT_DP, 'half-even'),
    }
  })
}

/** Weights must be positive and sum to exactly 1. */
export function weightsValid(weights: readonly DecimalString[]): boolean {
  return weights.length > 0 && weights.every((w) => cmp(w, '0') > 0) && cmp(sum(weights), '1') === 0
}

export interface SubscribeQuote {
  fee: DecimalString
  units: DecimalString
}

export function subscribeQuote(
  amount: DecimalString,
  nav: DecimalString,
  feeRate: DecimalString,
): SubscribeQuote {
  const fee = round(mul(amount, feeRate), USDT_DP, 'up')
  const units = isZero(nav) ? '0' : div(sub(amount, fee), nav, UNIT_DP, 'down')
  return { fee, units }
}

export interface RedeemQuote {
  gross: DecimalString
  fee: DecimalString
  paid: DecimalString
}

export function redeemQuote(units: DecimalString, nav: DecimalString, feeRate: DecimalString): RedeemQuote {
  const gross = round(mul(units, nav), USDT_DP, 'down')
  const fee = round(mul(gross, feeRate), USDT_DP, 'up')
  return { gross, fee, paid: sub(gross, fee) }
}

/** The latest daily rebalance time at or before `now` (00:00 UTC+8). */
export function lastRebalanceAt(now: number): number {
  return Math.floor((now + REBALANCE_OFFSET_MS) / DAY_MS) * DAY_MS - REBALANCE_OFFSET_MS
}

export function nextRebalanceAt(now: number): number {
  return lastRebalanceAt(now) + DAY_MS
}

/**
 * Change over 24 h in percent (2 places): against the newest recorded NAV at or before
 * now - 24 h, or the oldest one when the product is younger; null without history.
 */
export function change24h(
  history: readonly { ts: number; nav: DecimalString }[],
  nav: DecimalString,
  now: number,
): DecimalString | null {
  if (history.length === 0) return null
  const since = now - DAY_MS
  let ref = history[0] as { ts: number; nav: DecimalString }
  for (const h of history) if (h.ts <= since) ref = h
  if (isZero(ref.nav)) return null
  return round(mul(sub(div(nav, ref.nav, 12, 'half-even'), '1'), '100'), 2, 'half-up')
}
