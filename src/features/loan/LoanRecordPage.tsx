import { LOAN_STATUSES, type LoanOrder, type LoanStatus } from '@common/loan/schema'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { Fields, PagedList, paged, recordLink } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import styles from '@/ui/Product.module.css'
import { ordersQueryOptions } from './api'
import { STATUS_LABELS } from './labels'
import { LoanHead } from './StatusBadge'

/** pages/loan/record: my loans with their states, amounts and due dates; each opens its repayment page. */
export function LoanRecordPage() {
  const { t, i18n } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const [status, setStatus] = useState<LoanStatus | undefined>(undefined)
  const q = useInfiniteQuery(ordersQueryOptions(status))
  const items = q.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <>
      <PageHeader title={t`My loans`} backLabel={t`Back`} />
      <div className={styles.page}>
        <ChoiceChips
          label={t`Status`}
          value={status}
          options={[[undefined, t`All`], ...LOAN_STATUSES.map((s) => [s, i18n._(STATUS_LABELS[s])] as const)]}
          onChange={setStatus}
        />
        <PagedList<LoanOrder>
          {...paged(q)}
          items={items}
          itemKey={(o) => o.id}
          label={t`My loans`}
          testId="loan-list"
          render={(o) => (
            <Link to="/pages/loan/repayment" search={{ id: o.id }} className={recordLink}>
              <LoanHead o={o} />
              <Fields
                cells={[
                  [o.amount ? t`Loan amount` : t`Amount asked`, amount(o.amount ?? o.expectedAmount)],
                  [t`Left to repay`, o.amount ? amount(o.left) : '--'],
                  [t`Due date`, o.dueDay ?? '--'],
                ]}
              />
              <span className={styles.hint}>
                {t`Applied`} {when(o.createdAt)}
                {o.status === 'rejected' && o.rejectReason ? ` · ${o.rejectReason}` : ''}
              </span>
            </Link>
          )}
        />
      </div>
    </>
  )
}
