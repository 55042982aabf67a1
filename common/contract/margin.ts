import {
  add,
  cmp,
  type DecimalString,
  div,
  gt,
  isNegative,
  isZero,
  lt,
  mul,
  neg,
  round,
  sub,
} from '../money/decimal'
import type { ContractSide, MarginTier } from './schema'

/**
 * Margin and PnL of USDT-margined linear perpetuals (derivatives.md section 1). Pure and exact:
 * decimal strings in and out, no floats. Shared by the server (settlement, risk) and the app
 * (ticket, calculator) so both show the same numbers.
 *
 * - qty = lots x lotSize (base coin); notional = qty x price.
 * - Initial margin IM = notional / leverage, rounded up (against the user) to `dp` places.
 * - Maintenance margin MM = notional x MMR - cum, with the tier chosen by notional (a tax-bracket
 *   ladder); cum_n = floor_n x (MMR_n - MMR_{n-1}) + cum_{n-1}, which makes MM continuous at every
 *   tier edge.
 * - Unrealized PnL: long qty(mark - entry), short qty(entry - mark); ROE = PnL / IM.
 * - Adding to a position averages the entry by quantity; reducing keeps the entry and realizes
 *   q(P - entry) x dir.
 */

export interface Tier extends MarginTier {
  /** The tier's cum amount (derived, see tiersWithCum). */
  cum: string
}

export const dir = (side: ContractSide): 1 | -1 => (side === 'long' ? 1 : -1)

/** Tiers sorted by floor with their cum amounts. The first floor must be 0. */
export function tiersWithCum(tiers: readonly MarginTier[]): Tier[] {
  const sorted = [...tiers].sort((a, b) => cmp(a.floor, b.floor))
  if (sorted.length === 0 || !isZero(sorted[0]?.floor ?? '1')) throw new Error('tiers must start at 0')
  const out: Tier[] = []
  let prevMmr = '0'
  let cum = '0'
  for (const t of sorted) {
    cum = add(cum, mul(t.floor, sub(t.mmr, prevMmr)))
    out.push({ ...t, cum })
    prevMmr = t.mmr
  }
  return out
}

/** The tier a notional falls in (the highest floor not above it). */
export function tierFor(tiers: readonly Tier[], notional: DecimalString): Tier {
  let found = tiers[0] as Tier
  for (const t of tiers) if (!lt(notional, t.floor)) found = t
  return found
}

export const notionalOf = (qty: DecimalString, price: DecimalString): DecimalString => mul(qty, price)

/** Initial margin: notional / leverage, rounded up to dp. */
export function initialMargin(notional: DecimalString, leverage: number, dp: number): DecimalString {
  return div(notional, String(leverage), dp, 'up')
}

/** Maintenance margin of one position at `notional` (mark), unrounded (exact). */
export function maintenanceMargin(tiers: readonly Tier[], notional: DecimalString): DecimalString {
  const t = tierFor(tiers, notional)
  return sub(mul(notional, t.mmr), t.cum)
}

/** Highest leverage allowed for a position of this notional. */
export function maxLeverageFor(
  tiers: readonly Tier[],
  notional: DecimalString,
  instrumentMax: number,
): number {
  return Math.min(instrumentMax, tierFor(tiers, notional).maxLeverage)
}

export function unrealizedPnl(
  side: ContractSide,
  qty: DecimalString,
  entry: DecimalString,
  mark: DecimalString,
): DecimalString {
  const d = mul(qty, sub(mark, entry))
  return side === 'long' ? d : neg(d)
}

/** PnL as a percent of margin, 2 places ('0' without margin). */
export function roePercent(pnl: DecimalString, margin: DecimalString): DecimalString {
  if (!gt(margin, '0')) return '0'
  return div(mul(pnl, '100'), margin, 2, 'half-up')
}

/** Entry after adding q2 at p2 to q1 at e1: (q1 e1 + q2 p2) / (q1 + q2), to `pdp` places. */
export function averageEntry(
  q1: DecimalString,
  e1: DecimalString,
  q2: DecimalString,
  p2: DecimalString,
  pdp: number,
): DecimalString {
  const q = add(q1, q2)
  if (isZero(q)) return '0'
  return div(add(mul(q1, e1), mul(q2, p2)), q, pdp, 'half-up')
}

/** Realized PnL of reducing a position by q at price p: q (p - entry) x dir, exact. */
export function realizedPnl(
  side: ContractSide,
  q: DecimalString,
  entry: DecimalString,
  p: DecimalString,
): DecimalString {
  return unrealizedPnl(side, q, entry, p)
}

/**
 * The one rounding rule of every contract posting (issue 34): amounts are booked at the asset's
 * precision (USDT: 6 places), always toward the platform, so the rounding can never pay a user
 * out of nothing:
 * - realized PnL and funding received round down (a profit of 1.2345678 books 1.234567), a loss
 *   and funding paid round up in size (-1.2345671 books -1.234568): `toPlatform`;
 * - fees and initial margin round up (feeOf, initialMargin), released margin rounds down.
 * Every PnL posting is against the system `contract_clearing` account, so the residue (under one
 * unit of the last place per posting) stays there, in the ledger, and no balance ever carries
 * more places than its asset.
 */
export function toPlatform(amount: DecimalString, dp: number): DecimalString {
  // 'down' and 'up' act on the magnitude: a gain towards zero, a loss away from it (floor).
  return round(amount, dp, isNegative(amount) ? 'up' : 'down')
}

/** Realized PnL as booked: realizedPnl rounded toward the platform to the asset's `dp` places. */
export function settledPnl(
  side: ContractSide,
  q: DecimalString,
  entry: DecimalString,
  p: DecimalString,
  dp: number,
): DecimalString {
  return toPlatform(realizedPnl(side, q, entry, p), dp)
}

/** Fee on a notional at a rate, rounded up to dp (against the user). */
export function feeOf(notional: DecimalString, rate: DecimalString, dp: number): DecimalString {
  return round(mul(notional, rate), dp, 'up')
}

/** Default tiers of the platform (BTC-like ladder of derivatives.md, first seven tiers). */
export const DEFAULT_TIERS_BTC: MarginTier[] = [
  { floor: '0', mmr: '0.004', maxLeverage: 100 },
  { floor: '50000', mmr: '0.005', maxLeverage: 100 },
  { floor: '250000', mmr: '0.01', maxLeverage: 50 },
  { floor: '1000000', mmr: '0.025', maxLeverage: 20 },
  { floor: '10000000', mmr: '0.05', maxLeverage: 10 },
  { floor: '20000000', mmr: '0.1', maxLeverage: 5 },
  { floor: '50000000', mmr: '0.125', maxLeverage: 4 },
]
export const DEFAULT_TIERS_ALT: MarginTier[] = [
  { floor: '0', mmr: '0.01', maxLeverage: 50 },
  { floor: '25000', mmr: '0.015', maxLeverage: 25 },
  { floor: '100000', mmr: '0.025', maxLeverage: 20 },
  { floor: '1000000', mmr: '0.05', maxLeverage: 10 },
  { floor: '5000000', mmr: '0.1', maxLeverage: 5 },
  { floor: '10000000', mmr: '0.125', maxLeverage: 4 },
]
