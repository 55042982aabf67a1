import { isNegative } from '@common/money/decimal'
import type { InsuranceFund } from '@common/schemas/contract'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { PagedList } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { insuranceQueryOptions } from './api'
import styles from './Contract.module.css'

type Row = InsuranceFund['list'][number]

/** The risk protection (insurance) fund: its balance and every change, public. */
export function RiskFundPage() {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const q = useInfiniteQuery(insuranceQueryOptions())
  const head = q.data?.pages[0]
  const rows = q.data?.pages.flatMap((p) => p.list) ?? []
  const reason = (r: string) =>
    r === 'contract_liquidation'
      ? t`Liquidation`
      : r === 'insurance'
        ? t`Funding of the fund`
        : r === 'adjustment'
          ? t`Adjustment`
          : r
  return (
    <>
      <PageHeader title={t`Risk protection fund`} backLabel={t`Back`} />
      <dl className={styles.hero}>
        <dt>{t`Balance (USDT)`}</dt>
        <dd data-testid="fund-balance">{head ? amount(head.balance, { dp: 2 }) : '--'}</dd>
      </dl>
      <div className={styles.page}>
        <p className={styles.hint}>
          {t`When a liquidated position closes better than its bankruptcy price the surplus goes to this fund; when it closes worse, the fund pays the gap, so no balance goes below zero.`}
        </p>
        <PagedList<Row>
          items={rows}
          itemKey={(r) => r.id}
          label={t`Fund history`}
          loaded={q.isSuccess}
          hasMore={Boolean(q.hasNextPage)}
          loading={q.isFetchingNextPage}
          onMore={() => void q.fetchNextPage()}
          testId="fund-history"
          render={(r) => (
            <>
              <div className={styles.recordTop}>
                <strong>{reason(r.reason)}</strong>
                <time dateTime={new Date(r.ts).toISOString()}>{when(r.ts)}</time>
              </div>
              <div className={styles.recordTop}>
                <span className={isNegative(r.change) ? styles.down : styles.up}>
                  {amount(r.change, { dp: 2 })}
                </span>
                <span className={styles.muted}>
                  {t`Balance`} {amount(r.balance, { dp: 2 })}
                </span>
              </div>
            </>
          )}
        />
      </div>
    </>
  )
}
