import { add, cmp, type DecimalString, div, gt, isZero, lte, mul, sub } from '../money/decimal'
import { maintenanceMargin, notionalOf, type Tier, tierFor, unrealizedPnl } from './margin'

/**
 * Cross-margin liquidation price in hedge mode (derivatives.md section 1, Binance's formula with
 * the one-way leg absent):
 *
 *   LP = (WB - TMM1 + UPNL1 + cumL + cumS - QL EPL + QS EPS) / (QL MMRL + QS MMRS - QL + QS)
 *
 * WB = wallet balance of the contract account, TMM1 / UPNL1 = maintenance margin and unrealized
 * PnL of the positions in *other* symbols (at their current marks), L / S = this symbol's long and
 * short legs. The margin balance minus maintenance margin is N - p D (N the numerator, D the
 * denominator), so with D < 0 (net long) the account is liquidated when the price falls to LP,
 * with D > 0 (net short) when it rises to LP. The tier of each leg is taken at the notional at LP
 * and the formula recomputed until the tiers agree. LP <= 0 (or D = 0) means no price
 * liquidates: null ("--").
 */

export interface Leg {
  qty: DecimalString
  entry: DecimalString
}

export interface LiquidationInput {
  walletBalance: DecimalString
  /** Maintenance margin of the other symbols' positions. */
  otherMm: DecimalString
  /** Unrealized PnL of the other symbols' positions. */
  otherUpnl: DecimalString
  long: Leg | null
  short: Leg | null
  tiers: readonly Tier[]
  /** Current mark, to pick the first tiers. */
  mark: DecimalString
}

export interface LiquidationPrice {
  price: DecimalString
  /** 'down': liquidated at or below price (net long); 'up': at or above (net short). */
  direction: 'down' | 'up'
}

const DP = 12

export function crossLiquidationPrice(x: LiquidationInput): LiquidationPrice | null {
  const ql = x.long?.qty ?? '0'
  const qs = x.short?.qty ?? '0'
  if (isZero(ql) && isZero(qs)) return null
  let tl = tierFor(x.tiers, notionalOf(ql, x.mark))
  let ts = tierFor(x.tiers, notionalOf(qs, x.mark))
  let result: LiquidationPrice | null = null
  for (let i = 0; i < 4; i++) {
    // A leg with no quantity brings no cum either.
    const cumL = isZero(ql) ? '0' : tl.cum
    const cumS = isZero(qs) ? '0' : ts.cum
    const n = add(
      sub(add(sub(x.walletBalance, x.otherMm), x.otherUpnl), mul(ql, x.long?.entry ?? '0')),
      add(add(cumL, cumS), mul(qs, x.short?.entry ?? '0')),
    )
    const d = add(sub(add(mul(ql, tl.mmr), mul(qs, ts.mmr)), ql), qs)
    if (isZero(d)) return null
    const price = div(n, d, DP, 'half-up')
    if (lte(price, '0')) return null
    result = { price, direction: gt(d, '0') ? 'up' : 'down' }
    const nl = tierFor(x.tiers, notionalOf(ql, price))
    const ns = tierFor(x.tiers, notionalOf(qs, price))
    if (nl === tl && ns === ts) break
    tl = nl
    ts = ns
  }
  return result
}

export interface AccountPosition {
  symbol: string
  side: 'long' | 'short'
  qty: DecimalString
  entry: DecimalString
  mark: DecimalString
  tiers: readonly Tier[]
}

/** Margin balance (wallet + UPnL) and total maintenance margin of an account, exact. */
export function accountRisk(
  walletBalance: DecimalString,
  positions: readonly AccountPosition[],
): { marginBalance: DecimalString; maintenance: DecimalString; unrealized: DecimalString } {
  let upnl = '0'
  let mm = '0'
  for (const p of positions) {
    upnl = add(upnl, unrealizedPnl(p.side, p.qty, p.entry, p.mark))
    mm = add(mm, maintenanceMargin(p.tiers, notionalOf(p.qty, p.mark)))
  }
  return { marginBalance: add(walletBalance, upnl), maintenance: mm, unrealized: upnl }
}

/** Liquidation condition: margin balance <= maintenance margin (with some position open). */
export function isLiquidatable(marginBalance: DecimalString, maintenance: DecimalString): boolean {
  return gt(maintenance, '0') && cmp(marginBalance, maintenance) <= 0
}

/** Risk rate = MM / MB in percent (2 places); '100' or more means liquidation; MB <= 0 reads '100'. */
export function riskRatePercent(maintenance: DecimalString, marginBalance: DecimalString): DecimalString {
  if (isZero(maintenance)) return '0'
  if (lte(marginBalance, '0')) return '100'
  return div(mul(maintenance, '100'), marginBalance, 2, 'up')
}

/** Bankruptcy price of an isolated position (margin exhausted): long entry - m/q, short entry + m/q. */
export function bankruptcyPrice(
  side: 'long' | 'short',
  qty: DecimalString,
  entry: DecimalString,
  margin: DecimalString,
  pdp: number,
): DecimalString {
  const d = div(margin, qty, pdp, side === 'long' ? 'up' : 'down')
  return side === 'long' ? sub(entry, d) : add(entry, d)
}
