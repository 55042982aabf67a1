import { WALLET_ACCOUNTS, type WalletAccount } from '@common/ledger/accounts'
import { add } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { balancesQueryOptions } from '@/lib/assets/balances'
import { PageHeader } from '@/ui/PageHeader'
import styles from './Assets.module.css'
import { CoinsSection } from './CoinList'
import { ContractAccountCard } from './ContractAccountCard'
import { accountLabel } from './labels'
import { useMoney } from './use-money'

/** Balances of one wallet account, every coin listed. */
export function MyAssetsPage({ account }: { account: WalletAccount }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const { money } = useMoney()
  const { data } = useQuery(balancesQueryOptions(account))
  const strip = useRef<HTMLFieldSetElement>(null)
  // The chosen account's chip stays in view in the scrolling strip (again whenever the account changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: account is the trigger, read through the DOM
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' })
  }, [account])
  return (
    <>
      <PageHeader title={accountLabel(i18n, account)} backLabel={t`Back`} />
      <div className={styles.toolbar}>
        <fieldset ref={strip} className={`${styles.chips} ${styles.strip}`} aria-label={t`Accounts`}>
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
      <CoinsSection
        rows={(data?.list ?? []).map((b) => ({ ...b, total: add(b.available, b.frozen) }))}
        loaded={Boolean(data)}
      />
      <div style={{ height: 24 }} />
    </>
  )
}
