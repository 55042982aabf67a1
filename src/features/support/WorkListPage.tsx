import type { TicketStatus, TicketSummary } from '@common/support/schema'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useDateTime } from '@/lib/format/use-date-time'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { PagedList, paged } from '@/ui/PagedList'
import { PageHeader } from '@/ui/PageHeader'
import { ticketsQueryOptions } from './api'
import { STATUS_LABELS, TYPE_LABELS } from './labels'
import styles from './Support.module.css'

const FILTERS: (TicketStatus | 'all')[] = ['all', 'open', 'answered', 'closed']

/** pages/work/index: the user's work orders, newest activity first. */
export function WorkListPage() {
  const { t } = useLingui()
  const [status, setStatus] = useState<TicketStatus | 'all'>('all')
  const q = useInfiniteQuery(ticketsQueryOptions(status))
  const items = q.data?.pages.flatMap((p) => p.list) ?? []
  const filterLabel = (f: TicketStatus | 'all') => (f === 'all' ? t`All` : t(STATUS_LABELS[f]))
  return (
    <>
      <PageHeader
        title={t`Work orders`}
        backLabel={t`Back`}
        right={
          <Link to="/pages/service/home" className={styles.headLink}>
            {t`Chat`}
          </Link>
        }
      />
      <ChoiceChips
        label={t`Filter by status`}
        classes={{ tabs: styles.tabs, tab: styles.tab }}
        value={status}
        options={FILTERS.map((f) => [f, filterLabel(f)] as const)}
        onChange={setStatus}
      />
      <div className={styles.listWrap}>
        <PagedList
          {...paged(q)}
          items={items}
          itemKey={(x) => x.id}
          label={t`Work orders`}
          render={(x) => <TicketRow t={x} />}
          testId="work-list"
        />
      </div>
      <div style={{ height: 80 }} />
      <Link to="/pages/work/add" className={styles.fab}>
        {t`New work order`}
      </Link>
    </>
  )
}

function TicketRow({ t: x }: { t: TicketSummary }) {
  const { t } = useLingui()
  const dt = useDateTime()
  return (
    <Link to="/pages/work/detail" search={{ id: x.id }} className={styles.ticketLink}>
      <div className={styles.ticketTop}>
        <span className={styles.ticketTitle}>{x.title}</span>
        <span className={styles.status} data-status={x.status}>
          {t(STATUS_LABELS[x.status])}
        </span>
      </div>
      <div className={styles.ticketSub}>
        <span>
          {t(TYPE_LABELS[x.type])} · {x.number}
        </span>
        <span>{dt(x.updatedAt)}</span>
      </div>
    </Link>
  )
}
