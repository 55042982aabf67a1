import type { StakingOrder, StakingOrderStatus } from '@common/earn/schema'
import { mul } from '@common/money/decimal'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDateTime } from '@/lib/format/use-date-time'
import { useFormat } from '@/lib/format/use-format'
import { PagedList, paged, recordLink } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { ordersQueryOptions } from './api'
import styles from './Earn.module.css'
import { pct } from './format'
import { useStateLabels } from './shared'

/** pages/financial/record: the user's staking orders, newest first, filtered by state. */
export function StakingRecordPage({ status }: { status?: StakingOrderStatus }) {
  const { t } = useLingui()
  const labels = useStateLabels()
  const q = useInfiniteQuery(ordersQueryOptions(status))
  const items = q.data?.pages.flatMap((p) => p.list) ?? []
  const filters: [StakingOrderStatus | undefined, string][] = [
    [undefined, t`All`],
    ['earning', labels.order.earning],
    ['completed', labels.order.completed],
    ['redeemed', labels.order.redeemed],
  ]
  return (
    <>
      <PageHeader title={t`Staking orders`} backLabel={t`Back`} />
      <div className={styles.page}>
        <nav className={styles.filter} aria-label={t`Order state`}>
          {filters.map(([s, label]) => (
            <Link
              key={label}
              to="/pages/financial/record"
              search={s ? { status: s } : {}}
              replace
              aria-current={s === status ? 'page' : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
        <PagedList<StakingOrder>
          {...paged(q)}
          items={items}
          itemKey={(o) => o.id}
          label={t`Staking orders`}
          testId="staking-order-list"
          render={(o) => <OrderRow o={o} />}
        />
      </div>
    </>
  )
}

function OrderRow({ o }: { o: StakingOrder }) {
  const { t } = useLingui()
  const { amount } = useFormat()
  const when = useDateTime()
  const labels = useStateLabels()
  return (
    <Link to="/pages/financial/detail" search={{ id: Number(o.id) }} className={recordLink}>
      <div className={styles.recordTop}>
        <strong>
          {o.asset} · {t`${o.cycleDays} days`}
        </strong>
        <span className={o.status === 'earning' ? styles.tagOpen : styles.tag}>{labels.order[o.status]}</span>
      </div>
      <dl className={styles.stats}>
        <Stat label={t`Amount`}>{amount(o.amount)}</Stat>
        <Stat label={t`Earned`} className={styles.up}>
          {amount(o.accrued)}
        </Stat>
        <Stat label={t`APR`}>{pct(o.rateKind === 'daily' ? mul(o.rate, '365') : o.rate)}%</Stat>
      </dl>
      <span className={styles.muted}>
        {when(o.createdAt)} → {when(o.endAt)}
      </span>
    </Link>
  )
}
