import { roePercent, tiersWithCum, unrealizedPnl } from '@common/contract/margin'
import { maxOpenLots as maxLots, orderCost } from '@common/contract/orders'
import type { ContractInstrument } from '@common/contract/schema'
import { max } from '@common/money/decimal'

/** USDT amounts are computed to 8 places and shown to 2. */
export const USDT_DP = 8

/** The fee rate the server reserves at placement: the larger of maker and taker. */
const feeRate = (inst: Pick<ContractInstrument, 'makerFee' | 'takerFee'>) => max(inst.makerFee, inst.takerFee)

/**
 * What opening `lots` costs at `price` (initial margin plus the reserved fee), as the server
 * freezes it; the shared order rules compute it so the ticket and the server agree.
 */
export function openCost(
  inst: Pick<ContractInstrument, 'lotSize' | 'makerFee' | 'takerFee'>,
  lots: string,
  price: string,
  leverage: number,
): { margin: string; fee: string; total: string } {
  return orderCost(Number(lots), inst.lotSize, price, leverage, feeRate(inst), USDT_DP)
}

/** Most whole lots `available` pays for at `price`, within the margin tiers' leverage limits. */
export function maxOpenLots(
  inst: Pick<ContractInstrument, 'lotSize' | 'makerFee' | 'takerFee' | 'tiers' | 'maxLeverage'>,
  available: string,
  price: string,
  leverage: number,
  heldLots = 0,
): number {
  if (inst.tiers.length === 0) return 0
  return maxLots({
    available,
    price,
    lotSize: inst.lotSize,
    leverage,
    takerFee: feeRate(inst),
    tiers: tiersWithCum(inst.tiers),
    instrumentMax: inst.maxLeverage,
    heldLots,
    dp: USDT_DP,
  })
}

/** A position's PnL and PnL % at a newer price than the server last sent. */
export function livePnl(
  p: { side: 'long' | 'short'; qty: string; avgOpenPrice: string; margin: string },
  price: string,
): { pnl: string; percent: string } {
  const pnl = unrealizedPnl(p.side, p.qty, p.avgOpenPrice, price)
  return { pnl, percent: roePercent(pnl, p.margin) }
}
