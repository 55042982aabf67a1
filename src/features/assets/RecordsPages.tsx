import { INTERNAL_REASONS } from '@common/assets/bills'
import type { DepositRow, LedgerRow, WithdrawRow } from '@common/assets/types'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { ChoiceChips } from '@/ui/ChoiceChips'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { SelectSheet } from '@/ui/SelectSheet'
import { Switch } from '@/ui/Switch'
import styles from './Assets.module.css'
import {
  depositsQueryOptions,
  ledgerQueryOptions,
  ledgerReasonsQueryOptions,
  withdrawalsQueryOptions,
} from './api'
import { InfiniteList } from './InfiniteList'
import { accountLabel, reasonLabel } from './labels'
import { CoinChainStatus, chipClasses, DepositItem, RejectReason } from './parts'
import { useMoney } from './use-money'

function LedgerItem({ r, showAccount }: { r: LedgerRow; showAccount: boolean }) {
  const { t, i18n } = useLingui()
  const { money, fmt } = useMoney()
  const positive = !r.amount.startsWith('-')
  return (
    <>
      <div className={styles.row}>
        <strong>{reasonLabel(i18n, r.reason)}</strong>
        <span className={`${styles.num} ${positive ? styles.up : styles.down}`}>
          {positive ? '+' : ''}
          {money(r.amount)} {r.coin}
        </span>
      </div>
      <div className={styles.row}>
        <span className={styles.sub}>
          {showAccount ? `${accountLabel(i18n, r.account)} · ` : ''}
          {r.bucket === 'frozen' ? t`Frozen` : t`Available`} {money(r.balanceAfter)}
        </span>
        <span className={styles.sub}>{fmt.ago(r.at)}</span>
      </div>
    </>
  )
}

/**
 * Bills: every ledger posting of the user, filterable by the types they have. Freeze/release movements
 * between their own available and frozen buckets are hidden unless asked for (common/assets/bills.ts).
 */
export function AccountRecordPage({ coin }: { coin?: string }) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState('')
  const [internal, setInternal] = useState(false)
  const reasons = useQuery(ledgerReasonsQueryOptions())
  const query = useInfiniteQuery(
    ledgerQueryOptions({ reason: reason || undefined, coin, internal: internal ? undefined : '0' }),
  )
  const hasInternal = (reasons.data ?? []).some((r) => (INTERNAL_REASONS as readonly string[]).includes(r))
  return (
    <>
      <PageHeader title={coin ? t`${coin} bills` : t`Bills`} backLabel={t`Back`} />
      <div className={styles.filterBar}>
        <SelectSheet
          label={t`Type`}
          compact
          testId="bill-type"
          value={reason}
          onChange={setReason}
          options={[
            { value: '', label: t`All types` },
            ...(reasons.data ?? []).map((r) => ({ value: r, label: reasonLabel(i18n, r) })),
          ]}
        />
        {hasInternal && !reason && (
          <span className={styles.switchRow}>
            <span>
              <Trans>Freeze and release</Trans>
            </span>
            <Switch checked={internal} onChange={setInternal} label={t`Show freeze and release movements`} />
          </span>
        )}
      </div>
      {!internal && hasInternal && !reason && (
        <p className={styles.filterNote}>
          <Trans>
            Funds frozen for open orders and released again are hidden; trades, fees and payouts show what
            moved.
          </Trans>
        </p>
      )}
      <InfiniteList<LedgerRow>
        query={query}
        label={t`Bills`}
        itemKey={(r) => r.id}
        render={(r) => <LedgerItem r={r} showAccount />}
      />
      <div style={{ height: 24 }} />
    </>
  )
}

const PULL_THRESHOLD = 64

/** Funding account log, with pull-to-refresh (and a Refresh button for everyone else). */
export function LegalLogPage() {
  const { t } = useLingui()
  const query = useInfiniteQuery(ledgerQueryOptions({ account: 'funding' }))
  const [pull, setPull] = useState(0)
  const start = useRef<number | null>(null)
  const refresh = () => void query.refetch()
  return (
    <div
      onTouchStart={(e) => {
        start.current = window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null
      }}
      onTouchMove={(e) => {
        if (start.current === null) return
        const dy = (e.touches[0]?.clientY ?? 0) - start.current
        setPull(Math.max(0, Math.min(dy, PULL_THRESHOLD * 1.5)))
      }}
      onTouchEnd={() => {
        if (pull >= PULL_THRESHOLD) refresh()
        start.current = null
        setPull(0)
      }}
    >
      <PageHeader
        title={t`Funding account log`}
        backLabel={t`Back`}
        right={
          <button type="button" className={form.link} onClick={refresh} disabled={query.isRefetching}>
            <Trans>Refresh</Trans>
          </button>
        }
      />
      <div className={styles.pull} style={{ height: query.isRefetching ? 28 : pull / 2 }} aria-live="polite">
        {query.isRefetching
          ? t`Refreshing…`
          : pull >= PULL_THRESHOLD
            ? t`Release to refresh`
            : pull > 0
              ? t`Pull to refresh`
              : ''}
      </div>
      <InfiniteList<LedgerRow>
        query={query}
        label={t`Funding account log`}
        itemKey={(r) => r.id}
        render={(r) => <LedgerItem r={r} showAccount={false} />}
      />
      <div style={{ height: 24 }} />
    </div>
  )
}

/** One withdrawal record: amount, fee, address, transaction and state. */
function WithdrawItem({ r }: { r: WithdrawRow }) {
  const { money, fmt } = useMoney()
  return (
    <>
      <CoinChainStatus r={r} />
      <div className={styles.row}>
        <span className={styles.num}>{money(r.amount)}</span>
        <span className={styles.sub}>
          <Trans>Fee</Trans> {r.fee}
        </span>
      </div>
      <span className={`${styles.sub} ${styles.address}`}>{r.address}</span>
      {r.txHash && <span className={`${styles.sub} ${styles.address}`}>TxID {r.txHash}</span>}
      <RejectReason reason={r.rejectReason} />
      <span className={styles.sub}>{fmt.ago(r.at)}</span>
    </>
  )
}

/** Withdrawal records (and deposit records) with their states. */
export function WithdrawRecordPage() {
  const { t } = useLingui()
  const { money } = useMoney()
  const [tab, setTab] = useState<'withdraw' | 'deposit'>('withdraw')
  const withdrawals = useInfiniteQuery(withdrawalsQueryOptions())
  const deposits = useInfiniteQuery(depositsQueryOptions())
  return (
    <>
      <PageHeader title={t`Deposits and withdrawals`} backLabel={t`Back`} />
      <div className={styles.toolbar}>
        <ChoiceChips
          label={t`Record type`}
          classes={chipClasses}
          value={tab}
          options={[
            ['withdraw', t`Withdrawals`],
            ['deposit', t`Deposits`],
          ]}
          onChange={setTab}
        />
      </div>
      {tab === 'withdraw' ? (
        <InfiniteList<WithdrawRow>
          query={withdrawals}
          label={t`Withdrawal records`}
          itemKey={(r) => r.id}
          render={(r) => <WithdrawItem r={r} />}
        />
      ) : (
        <InfiniteList<DepositRow>
          query={deposits}
          label={t`Deposit records`}
          itemKey={(r) => r.id}
          render={(r) => <DepositItem r={r} amount={money} />}
        />
      )}
      <div style={{ height: 24 }} />
    </>
  )
}
