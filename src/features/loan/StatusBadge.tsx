import type { LoanOrder, LoanStatus } from '@common/loan/schema'
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

/** A loan's or a product's coin with its term and credit mark. */
export function LoanCoin({ of: o }: { of: Pick<LoanOrder, 'coin' | 'termDays' | 'credit'> }) {
  const { t } = useLingui()
  return (
    <span className={styles.coin}>
      {o.coin}
      <span className={styles.tag}>{t`${o.termDays} days`}</span>
      {o.credit && <span className={styles.tag}>{t`Credit loan`}</span>}
    </span>
  )
}

/** A loan's card head: coin, term, credit mark and status. */
export function LoanHead({ o }: { o: Pick<LoanOrder, 'coin' | 'termDays' | 'credit' | 'status'> }) {
  return (
    <div className={styles.cardTop}>
      <LoanCoin of={o} />
      <StatusBadge status={o.status} />
    </div>
  )
}
