import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PageHeader } from '@/ui/PageHeader'
import styles from './Assets.module.css'
import { coinQueryOptions } from './api'
import { accountLabel } from './labels'
import { useMoney } from './use-money'

/** One coin held: its value, each account's balance, and what can be done with it. */
export function CoinPage({ coin }: { coin: string }) {
  const { t, i18n } = useLingui()
  const { money } = useMoney()
  const { data } = useQuery(coinQueryOptions(coin))
  return (
    <>
      <PageHeader title={coin} backLabel={t`Back`} />
      <section className={styles.hero} aria-label={t`Holding`}>
        <span>
          <Trans>Total {coin}</Trans>
        </span>
        <span className={styles.total}>{money(data?.total)}</span>
        <span className={styles.heroSub}>
          {data?.valueUsdt == null ? t`No index price` : `≈ ${money(data.valueUsdt, 2)} USDT`}
        </span>
      </section>
      <nav className={styles.actions} aria-label={t`Fund actions`}>
        {data?.canDeposit && (
          <Link to="/pages/assets/recharge" search={{ coin }} className={styles.action}>
            <Trans>Deposit</Trans>
          </Link>
        )}
        {data?.canWithdraw && (
          <Link to="/pages/assets/withdraw" search={{ coin }} className={styles.action}>
            <Trans>Withdraw</Trans>
          </Link>
        )}
        <Link to="/pages/assets/transfer" search={{ coin }} className={styles.action}>
          <Trans>Transfer</Trans>
        </Link>
        {data?.canExchange && (
          <Link to="/pages/assets/exchange" className={styles.action}>
            <Trans>Exchange</Trans>
          </Link>
        )}
      </nav>
      <ul className={styles.list} aria-label={t`Accounts`}>
        {(data?.accounts ?? []).map((a) => (
          <li key={a.account} className={styles.item}>
            <div className={styles.row}>
              <strong>{accountLabel(i18n, a.account)}</strong>
            </div>
            <div className={styles.row}>
              <span className={styles.sub}>
                <Trans>Available</Trans> <span className={styles.num}>{money(a.available)}</span>
              </span>
              <span className={styles.sub}>
                <Trans>Frozen</Trans> <span className={styles.num}>{money(a.frozen)}</span>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <h2 className={styles.sectionTitle}>
        <Trans>Bills</Trans>
      </h2>
      <div style={{ margin: '0 16px' }}>
        <Link to="/pages/assets/account-record" search={{ coin }}>
          <Trans>All {coin} bills</Trans>
        </Link>
      </div>
      <div style={{ height: 24 }} />
    </>
  )
}
