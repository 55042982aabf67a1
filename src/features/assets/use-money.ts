import { useAtom } from 'jotai'
import { useCallback } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { hideMoneyAtom } from '@/lib/store'

export const HIDDEN = '****'

/** Amount formatting that honours the "hide balances" switch. */
export function useMoney() {
  const fmt = useFormat()
  const [hidden, setHidden] = useAtom(hideMoneyAtom)
  const money = useCallback(
    (value: string | null | undefined, dp?: number) =>
      hidden ? HIDDEN : value == null ? '--' : fmt.amount(value, dp === undefined ? {} : { dp }),
    [hidden, fmt],
  )
  /** A balance at the coin's display precision (USDT 2 decimals), truncated: never overstated. */
  const asset = useCallback(
    (value: string | null | undefined, code: string, precision?: number) =>
      hidden ? HIDDEN : value == null ? '--' : fmt.asset(value, code, precision),
    [hidden, fmt],
  )
  return { money, asset, hidden, setHidden, fmt }
}
