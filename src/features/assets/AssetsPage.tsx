import { WALLET_ACCOUNTS } from '@common/ledger/accounts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { overviewQueryOptions } from '@/lib/assets/balances'
import { CellGroup, LinkCell } from '@/ui/CellList'
import { DepositIcon, ExchangeIcon, TransferIcon, WithdrawIcon } from '@/ui/Icons'
import { PageHeader } from '@/ui/PageHeader'
import styles from './Assets.module.css'
import { CoinsSection } from './CoinList'
import { accountLabel } from './labels'
import { useMoney } from './use-money'

function Eye({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  )
}

/** The Assets tab: total value, accounts, coins, and the ways to move funds. */
export function AssetsPage() {
  const { t, i18n } = useLingui()
  const { money, hidden, setHidden } = useMoney()
  const { data } = useQuery(overviewQueryOptions())
  return (
    <>
      <PageHeader title={t`Assets`} />
      <section className={styles.hero} aria-label={t`Total assets`}>
        <div className={styles.heroTop}>
          <span>
            <Trans>Total assets (USDT)</Trans>
          </span>
          <button
            type="button"
            className={styles.eye}
            onClick={() => setHidden(!hidden)}
            aria-label={hidden ? t`Show balances` : t`Hide balances`}
            aria-pressed={hidden}
          >
            <Eye open={!hidden} />
          </button>
        </div>
        <span className={styles.total} data-testid="total-usdt">
          {money(data?.totalUsdt, 2)}
        </span>
        {/* The line under the total keeps its place while the overview loads. */}
        {!data && <span className={styles.heroSub}>{'\u00a0'}</span>}
        {data &&
          (data.display.total !== null ? (
            <span className={styles.heroSub}>
              ≈ {money(data.display.total, 2)} {data.display.currency}
              {' · '}
              <Trans>1 USDT counted as 1 USD</Trans>
            </span>
          ) : (
            <span className={styles.heroSub}>
              <Trans>The index has no {data.display.currency} price; amounts are shown in USDT</Trans>
            </span>
          ))}
        {data && data.unpriced.length > 0 && (
          <span className={styles.heroSub}>
            <Trans>Not included (no index price): {data.unpriced.join(', ')}</Trans>
          </span>
        )}
      </section>

      <nav className={styles.actions} aria-label={t`Fund actions`}>
        <Link to="/pages/assets/recharge-currency" className={styles.action}>
          <span className={styles.actionIcon}>
            <DepositIcon />
          </span>
          <Trans>Deposit</Trans>
        </Link>
        <Link to="/pages/assets/withdraw" search={{ coin: 'USDT' }} className={styles.action}>
          <span className={styles.actionIcon}>
            <WithdrawIcon />
          </span>
          <Trans>Withdraw</Trans>
        </Link>
        <Link to="/pages/assets/transfer" search={{}} className={styles.action}>
          <span className={styles.actionIcon}>
            <TransferIcon />
          </span>
          <Trans>Transfer</Trans>
        </Link>
        <Link to="/pages/assets/exchange" className={styles.action}>
          <span className={styles.actionIcon}>
            <ExchangeIcon />
          </span>
          <Trans>Exchange</Trans>
        </Link>
      </nav>

      <h2 className={styles.sectionTitle}>
        <Trans>Accounts</Trans>
      </h2>
      <CellGroup label={t`Accounts`}>
        {/* Every user has the six accounts: their rows are there (with dashes) before the figures. */}
        {(data?.accounts ?? WALLET_ACCOUNTS.map((account) => ({ account, valueUsdt: null }))).map((a) => (
          <LinkCell
            key={a.account}
            to={`/pages/assets/my-assets?account=${a.account}`}
            label={accountLabel(i18n, a.account)}
            value={`${money(a.valueUsdt, 2)} USDT`}
          />
        ))}
      </CellGroup>

      <CoinsSection
        rows={(data?.coins ?? []).map((c) => ({ ...c, precision: undefined }))}
        loaded={Boolean(data)}
      />

      <h2 className={styles.sectionTitle}>
        <Trans>Records</Trans>
      </h2>
      <CellGroup label={t`Records`}>
        <LinkCell to="/pages/assets/account-record" label={t`Bills`} />
        <LinkCell to="/pages/assets/legal-log" label={t`Funding account log`} />
        <LinkCell to="/pages/assets/leverage-record" label={t`Contract records`} />
        <LinkCell to="/pages/assets/withdraw-record" label={t`Deposits and withdrawals`} />
        <LinkCell to="/pages/assets/my-wallet" label={t`Withdrawal address book`} />
      </CellGroup>
      <div style={{ height: 24 }} />
    </>
  )
}
