import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import styles from '@/ui/console/Console.module.css'
import { ApprovalsSection } from './ApprovalsSection'
import { overviewQueryOptions } from './api'
import { LedgerCheckCard } from './LedgerCheckCard'

/** What waits for the operators, each count a way into its queue, and the four-eyes approvals. */
export function OverviewPage() {
  const { t } = useLingui()
  const { data } = useQuery(overviewQueryOptions())
  return (
    <>
      <h2 className={styles.h2}>{t`Overview`}</h2>
      <div className={styles.cards}>
        <Link to="/admin/identity" search={{ status: 'pending', page: 1 }} className={styles.card}>
          <span className={styles.count}>{data?.identityPending ?? '—'}</span>
          <span className={styles.muted}>{t`Identity checks waiting`}</span>
        </Link>
        {data?.depositsPending !== null && (
          <Link to="/admin/deposits" search={{ status: 'pending', page: 1 }} className={styles.card}>
            <span className={styles.count}>{data?.depositsPending ?? '—'}</span>
            <span className={styles.muted}>{t`Deposits waiting`}</span>
          </Link>
        )}
        {data?.withdrawalsPending !== null && (
          <Link to="/admin/withdrawals" search={{ status: 'pending', page: 1 }} className={styles.card}>
            <span className={styles.count}>{data?.withdrawalsPending ?? '—'}</span>
            <span className={styles.muted}>{t`Withdrawals waiting`}</span>
          </Link>
        )}
        <Link to="/admin/users" search={{ q: '', status: 'frozen', page: 1 }} className={styles.card}>
          <span className={styles.count}>{data?.frozenUsers ?? '—'}</span>
          <span className={styles.muted}>{t`Frozen accounts`}</span>
        </Link>
        <Link to="/admin/markets" className={styles.card}>
          <span className={styles.count}>{data?.suspendedMarkets ?? '—'}</span>
          <span className={styles.muted}>{t`Suspended markets`}</span>
        </Link>
        <LedgerCheckCard check={data?.ledgerCheck ?? null} />
      </div>
      <ApprovalsSection />
    </>
  )
}
