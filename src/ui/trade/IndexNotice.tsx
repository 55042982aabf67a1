import { useLingui } from '@lingui/react/macro'
import { useIndexStatus } from '@/lib/market/index-status'
import styles from './IndexNotice.module.css'

/**
 * The notice of a stale index (live market data with too few current sources, or no live source
 * at all) on the screens that depend on it: what cannot be done until the index is current again.
 */
export function IndexNotice({ symbol, kind }: { symbol: string; kind: 'perpetual' | 'option' | 'quote' }) {
  const { t } = useLingui()
  const status = useIndexStatus(symbol)
  if (!status || status.state === 'fresh') return null
  const text =
    status.state === 'none'
      ? t`This market has no live index price and cannot be traded for now.`
      : kind === 'perpetual'
        ? t`The index price is not current. New positions cannot be opened, and liquidation and TP/SL wait, until it is.`
        : kind === 'option'
          ? t`The index price is not current. New options cannot be bought until it is; rounds settle on the next current price.`
          : t`The index price is not current: the prices shown may be out of date.`
  return (
    <p className={styles.notice} role="status" data-testid="index-notice">
      {text}
    </p>
  )
}
