import { isZero, lt } from '@common/money/decimal'

/** "Small" balances: worth less than this many USDT at the index price (the hide switch says so). */
export const SMALL_BALANCE_USDT = '1'

/** A priced balance worth less than 1 USDT. An unpriced coin is never "small": its value is unknown. */
export function isSmallBalance(valueUsdt: string | null): boolean {
  return valueUsdt !== null && lt(valueUsdt, SMALL_BALANCE_USDT)
}

/**
 * Splits a coin list for display: the balances shown, the zero balances folded behind "Show all", and
 * how many non-zero balances the "hide small balances" switch hides.
 */
export function foldBalances<T extends { total: string; valueUsdt: string | null }>(
  rows: readonly T[],
  hideSmall: boolean,
): { shown: T[]; zero: T[]; hiddenSmall: number } {
  const shown: T[] = []
  const zero: T[] = []
  let hiddenSmall = 0
  for (const r of rows) {
    if (isZero(r.total)) zero.push(r)
    else if (hideSmall && isSmallBalance(r.valueUsdt)) hiddenSmall += 1
    else shown.push(r)
  }
  return { shown, zero, hiddenSmall }
}
