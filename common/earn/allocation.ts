import { fromBigUnits, toBigUnits } from '../money/units'
/**
 * Coin subscription allocation (pure, exact, in integer units with BigInt).
 *
 * Each commitment c_i is an amount of the subscription currency. With issue price P and supply S
 * coins for sale:
 * - not oversubscribed (sum of c_i <= S x P): everyone gets c_i / P coins;
 * - oversubscribed: pro rata, everyone gets S x c_i / sum(c).
 * Rounding (documented in the help article): coins are rounded DOWN to the coin's precision, so
 * the sum allocated never exceeds the supply; the price paid is coins x P rounded UP to the
 * currency's precision (never more than c_i, because coins x P <= c_i exactly); the rest of the
 * commitment is refunded: refund = c_i - paid, exact. Coins left over by rounding stay unissued.
 */
export interface Commitment {
  id: string
  amount: string
}

export interface Allocation {
  id: string
  coins: string
  paid: string
  refund: string
}

export interface AllocationResult {
  oversubscribed: boolean
  list: Allocation[]
  totalCoins: string
  totalPaid: string
  totalRefund: string
}

const decimalsOf = (s: string): number => (s.split('.')[1] ?? '').replace(/0+$/, '').length
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

export function allocate(
  commitments: readonly Commitment[],
  p: { supply: string; price: string; coinDp: number; currencyDp: number },
): AllocationResult {
  const pd = decimalsOf(p.price)
  const P = toBigUnits(p.price, pd)
  if (P <= 0n) throw new Error('price must be positive')
  const S = toBigUnits(p.supply, p.coinDp)
  const cur = 10n ** BigInt(p.currencyDp)
  const scale = 10n ** BigInt(pd + p.coinDp)
  const pCur = P * cur
  const amounts = commitments.map((c) => toBigUnits(c.amount, p.currencyDp))
  let C = 0n
  for (const a of amounts) C += a
  // Demand value C / cur against supply value S x P / scale, compared as integers.
  const oversubscribed = C * scale > S * P * cur
  const list: Allocation[] = new Array(commitments.length)
  let totalCoins = 0n
  let totalPaid = 0n
  for (let i = 0; i < commitments.length; i++) {
    const c = amounts[i] as bigint
    // coins in coin units: c/cur / (P/10^pd) x 10^coinDp = c x scale / (P x cur)
    const coins = oversubscribed ? (S * c) / C : (c * scale) / pCur
    // paid in currency units: coins x P x cur / scale, rounded up
    const paid = ceilDiv(coins * pCur, scale)
    totalCoins += coins
    totalPaid += paid
    list[i] = {
      id: (commitments[i] as Commitment).id,
      coins: fromBigUnits(coins, p.coinDp),
      paid: fromBigUnits(paid, p.currencyDp),
      refund: fromBigUnits(c - paid, p.currencyDp),
    }
  }
  return {
    oversubscribed,
    list,
    totalCoins: fromBigUnits(totalCoins, p.coinDp),
    totalPaid: fromBigUnits(totalPaid, p.currencyDp),
    totalRefund: fromBigUnits(C - totalPaid, p.currencyDp),
  }
}
