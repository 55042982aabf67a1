import { add, type DecimalString, div, mul, sub } from '../money/decimal'
import { crossLiquidationPrice } from './liquidation'
import { initialMargin, notionalOf, roePercent, type Tier, unrealizedPnl } from './margin'
import type { ContractSide } from './schema'

/**
 * The calculator sheet (Binance's tabs: PnL, target price, liquidation price, required margin).
 * The same functions settle positions on the server, so the calculator agrees with settlement.
 */

export function calcPnl(x: {
  side: ContractSide
  qty: DecimalString
  entry: DecimalString
  exit: DecimalString
  leverage: number
  dp: number
}): { initialMargin: DecimalString; pnl: DecimalString; roe: DecimalString } {
  const im = initialMargin(notionalOf(x.qty, x.entry), x.leverage, x.dp)
  const pnl = unrealizedPnl(x.side, x.qty, x.entry, x.exit)
  return { initialMargin: im, pnl, roe: roePercent(pnl, im) }
}

/** Exit price for a target ROE (percent): long entry(1 + ROE/lev), short entry(1 - ROE/lev). */
export function calcTargetPrice(x: {
  side: ContractSide
  entry: DecimalString
  roePercent: DecimalString
  leverage: number
  pdp: number
}): DecimalString {
  const move = div(x.roePercent, String(100 * x.leverage), 18, 'half-up')
  const f = x.side === 'long' ? add('1', move) : sub('1', move)
  return div(mul(x.entry, f), '1', x.pdp, 'half-up')
}

/**
 * Liquidation price of one position backed by `walletBalance` (cross, no other positions);
 * null when no price liquidates it.
 */
export function calcLiquidationPrice(x: {
  side: ContractSide
  qty: DecimalString
  entry: DecimalString
  walletBalance: DecimalString
  tiers: readonly Tier[]
  pdp: number
}): DecimalString | null {
  const leg = { qty: x.qty, entry: x.entry }
  const lp = crossLiquidationPrice({
    walletBalance: x.walletBalance,
    otherMm: '0',
    otherUpnl: '0',
    long: x.side === 'long' ? leg : null,
    short: x.side === 'short' ? leg : null,
    tiers: x.tiers,
    mark: x.entry,
  })
  return lp ? div(lp.price, '1', x.pdp, 'half-up') : null
}

export function calcRequiredMargin(qty: DecimalString, price: DecimalString, leverage: number, dp: number) {
  return initialMargin(notionalOf(qty, price), leverage, dp)
}
