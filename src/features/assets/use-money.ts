import { useAtom } from 'jotai'
import { useCallback } from 'react'
import { hideMoneyAtom } from '@/app/store'
import { useFormat } from '@/lib/format/use-format'

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
  return { money, hidden, setHidden, fmt }
}
