import { WALLET_ACCOUNTS, type WalletAccount } from '@common/ledger/accounts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { PageHeader } from '@/ui/PageHeader'
import styles from './Assets.module.css'
import { balancesQueryOptions } from './api'
import { ContractAccountCard } from './ContractAccountCard'
import { accountLabel } from './labels'
import { useMoney } from './use-money'

/** Balances of one wallet account, every coin listed. */
export function MyAssetsPage({ account }: { account: WalletAccount }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const { money } = useMoney()
  const { data } = useQuery(balancesQueryOptions(account))
  return (
    <>
      <PageHeader title={accountLabel(i18n, account)} backLabel={t`Back`} />
      <div className={styles.toolbar}>
        <fieldset className={styles.chips} aria-label={t`Accounts`}>
          {WALLET_ACCOUNTS.map((a) => (
            <button
              key={a}
              type="button"
              className={styles.chip}
              aria-pressed={a === account}
              onClick={() =>
                void navigate({ to: '/pages/assets/my-assets', search: { account: a }, replace: true })
              }
            >
              {accountLabel(i18n, a)}
            </button>
          ))}
        </fieldset>
      </div>
      <section className={styles.hero} aria-label={t`Account value`}>
        <span>
          <Trans>Account value (USDT)</Trans>
        </span>
        <span className={styles.total}>{money(data?.totalUsdt, 2)}</span>
      </section>
      {account === 'contract' && <ContractAccountCard />}
      <ul className={styles.list} aria-label={t`Coins`}>
        {(data?.list ?? []).map((b) => (
          <li key={b.coin} className={styles.item}>
            <Link to="/pages/assets/my-hold" search={{ coin: b.coin }} className={styles.itemLink}>
              <div className={styles.row}>
                <strong>{b.coin}</strong>
                <span className={styles.sub}>
                  {b.valueUsdt === null ? t`No index price` : `≈ ${money(b.valueUsdt, 2)} USDT`}
                </span>
              </div>
              <div className={styles.row}>
                <span className={styles.sub}>
                  <Trans>Available</Trans> <span className={styles.num}>{money(b.available)}</span>
                </span>
                <span className={styles.sub}>
                  <Trans>Frozen</Trans> <span className={styles.num}>{money(b.frozen)}</span>
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <div style={{ height: 24 }} />
    </>
  )
}
