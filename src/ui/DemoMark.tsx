import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { instrumentsQueryOptions } from '@/lib/market/api'
import styles from './DemoMark.module.css'

/**
 * "Demo prices": shown in the header of every screen with prices or volumes while the server runs
 * MARKET_DATA=demo (the simulator). The mode comes with the instrument list those screens load
 * anyway, so the mark costs no request of its own.
 */
export function DemoMark() {
  const { t } = useLingui()
  const demo = useQuery({ ...instrumentsQueryOptions(), select: (list) => list.some((i) => i.demo) }).data
  if (!demo) return null
  return (
    <span
      className={styles.mark}
      data-testid="demo-prices"
      title={t`Prices come from a simulator, not from real markets`}
    >
      {t`Demo prices`}
    </span>
  )
}
