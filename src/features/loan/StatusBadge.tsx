import type { LoanStatus } from '@common/loan/schema'
import { useLingui } from '@lingui/react/macro'
import styles from '@/ui/Product.module.css'
import { STATUS_LABELS, STATUS_TONE } from './labels'

export function StatusBadge({ status }: { status: LoanStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={styles.badge} data-tone={STATUS_TONE[status]} data-testid="loan-status">
      {i18n._(STATUS_LABELS[status])}
    </span>
  )
}
