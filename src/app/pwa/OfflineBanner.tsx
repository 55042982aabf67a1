import { Trans } from '@lingui/react/macro'
import styles from './OfflineBanner.module.css'
import { useOnline } from './use-online'

export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div className={styles.banner} role="status">
      <Trans>You are offline. Saved pages still work; actions need the network.</Trans>
    </div>
  )
}
