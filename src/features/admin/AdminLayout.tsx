import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, Outlet } from '@tanstack/react-router'
import { adminMeQueryOptions } from '@/lib/console/api'
import { HttpError } from '@/lib/http/client'
import styles from '@/ui/console/Console.module.css'

/** The console frame: staff check, then navigation and the current screen. */
export function AdminLayout() {
  const { t } = useLingui()
  const me = useQuery(adminMeQueryOptions())

  if (me.isPending) return <p className={styles.notice}>{t`Loading`}</p>
  if (me.isError) {
    const forbidden = me.error instanceof HttpError && me.error.code === 1006
    return (
      <section className={styles.notice} aria-live="polite">
        <h1 className={styles.h2}>{forbidden ? t`Not allowed` : t`The console is not available`}</h1>
        <p className={styles.muted}>
          {forbidden ? t`This area is for the platform's operators.` : t`Please try again later.`}
        </p>
        <Link to="/" className={styles.link}>
          <Trans>Back to the app</Trans>
        </Link>
      </section>
    )
  }
  const staff = me.data
  if (!staff.ready) {
    return (
      <section className={styles.notice}>
        <h1 className={styles.h2}>{t`Finish setting up your operator account`}</h1>
        <p className={styles.muted}>{t`The console opens once both steps are done.`}</p>
        <ol>
          <li>
            {staff.mustChangePassword ? (
              <Link to="/pages/mine/password-manage" className={styles.link}>
                <Trans>Change your one-time password</Trans>
              </Link>
            ) : (
              <span className={styles.good}>{t`Password changed`}</span>
            )}
          </li>
          <li>
            {staff.googleBound ? (
              <span className={styles.good}>{t`Google authenticator is on`}</span>
            ) : (
              <Link to="/pages/mine/google-auth" className={styles.link}>
                <Trans>Bind Google authenticator (it becomes your second login check)</Trans>
              </Link>
            )}
          </li>
        </ol>
        <button type="button" className={styles.btn} onClick={() => void me.refetch()}>
          <Trans>Check again</Trans>
        </button>
      </section>
    )
  }

  const links = [
    { to: '/admin', label: t`Overview`, exact: true },
    { to: '/admin/identity', label: t`Identity review` },
    { to: '/admin/deposits', label: t`Deposits` },
    { to: '/admin/withdrawals', label: t`Withdrawals` },
    { to: '/admin/channels', label: t`Deposit addresses` },
    { to: '/admin/chains', label: t`Chains` },
    { to: '/admin/users', label: t`Users` },
    { to: '/admin/markets', label: t`Markets` },
    { to: '/admin/market-data', label: t`Market data` },
    { to: '/admin/contracts', label: t`Perpetuals` },
    { to: '/admin/options', label: t`Options` },
    { to: '/admin/earn', label: t`Staking & launchpad` },
    { to: '/admin/loans', label: t`Loans` },
    { to: '/admin/c2c', label: t`C2C` },
    { to: '/admin/invite', label: t`Invitation and VIP` },
    { to: '/admin/etfs', label: t`ETF` },
    { to: '/admin/service', label: t`Service desk` },
    { to: '/admin/work', label: t`Work orders` },
    { to: '/admin/content', label: t`Content` },
    { to: '/admin/audit', label: t`Audit log` },
  ] as const

  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <h1 className={styles.title}>{t`Operator console`}</h1>
        <span className={styles.who}>
          {staff.email ?? staff.nickname} · {staff.role === 'admin' ? t`Admin` : t`Operator`}
        </span>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t`Console sections`}>
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={styles.navLink}
              activeOptions={{ exact: 'exact' in l, includeSearch: false }}
            >
              {l.label}
            </Link>
          ))}
          <Link to="/" className={styles.navLink}>
            <Trans>Back to the app</Trans>
          </Link>
        </nav>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  )
}
