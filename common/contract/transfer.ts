import { add, type DecimalString, isNegative, max, round, sum } from '../money/decimal'
import { unrealizedPnl } from './margin'
import type { ContractSide } from './schema'

export interface OpenPosition {
  side: ContractSide
  /** Quantity in the base coin (lots x quantity per lot). */
  qty: DecimalString
  entry: DecimalString
  mark: DecimalString
}

/**
 * What may leave the contract account (cross margin, issue 34): the available balance (wallet less
 * position and order margin) less the positions' net unrealized loss, since the whole balance backs
 * them. An unrealized profit is not transferable until it is realized. Rounded down to the coin's
 * places (toward the platform); never negative. Without positions it is the available balance.
 */
export function contractTransferable(
  available: DecimalString,
  positions: readonly OpenPosition[],
  dp: number,
): DecimalString {
  const pnl = sum(positions.map((p) => unrealizedPnl(p.side, p.qty, p.entry, p.mark)))
  const free = isNegative(pnl) ? add(available, pnl) : available
  return max('0', round(free, dp, 'down'))
}
