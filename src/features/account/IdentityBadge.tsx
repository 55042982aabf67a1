import type { AdvancedStatus } from '@common/account/types'
import { useLingui } from '@lingui/react/macro'
import styles from './Account.module.css'

export function useStatusText() {
  const { t } = useLingui()
  return (s: AdvancedStatus) =>
    ({
      none: t`Not verified`,
      pending: t`Under review`,
      verified: t`Verified`,
      failed: t`Verification failed`,
    })[s]
}

export function IdentityBadge({ status }: { status: AdvancedStatus }) {
  const text = useStatusText()
  return <span className={styles.badge}>{text(status)}</span>
}
