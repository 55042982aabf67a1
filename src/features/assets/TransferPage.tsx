import { transferSchema } from '@common/assets/schema'
import type { TransferRow } from '@common/assets/types'
import { WALLET_ACCOUNTS, type WalletAccount } from '@common/ledger/accounts'
import { gt, sub } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { balancesQueryOptions } from '@/lib/assets/balances'
import { balancesChanged } from '@/lib/balance-events'
import { fieldErrors } from '@/lib/form/validate'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { SelectSheet } from '@/ui/SelectSheet'
import { AmountField } from './AmountField'
import styles from './Assets.module.css'
import { assetsApi, transfersQueryOptions } from './api'
import { RecordsSection } from './InfiniteList'
import { accountLabel } from './labels'
import { CoinField, FromToRow } from './parts'
import { useMoney } from './use-money'

/** Moves a coin between two of the user's own accounts. */
export function TransferPage({ coin: initialCoin }: { coin?: string }) {
  const { t, i18n } = useLingui()
  const qc = useQueryClient()
  const { money, fmt } = useMoney()
  const [v, setV] = useState<{ coin: string; from: WalletAccount; to: WalletAccount; amount: string }>({
    coin: initialCoin ?? 'USDT',
    from: 'funding',
    to: 'spot',
    amount: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const balances = useQuery(balancesQueryOptions(v.from))
  const records = useInfiniteQuery(transfersQueryOptions())
  const row = balances.data?.list.find((b) => b.coin === v.coin)
  const available = row?.available ?? '0'
  // During a loan, what is owed stays in the funding account; while perpetual positions are open,
  // the margin behind their unrealized loss stays in the contract account (cross margin). Only the
  // part above it may leave.
  const transferable = row?.transferable ?? available
  const held = gt(available, transferable) ? sub(available, transferable) : null
  const accountOptions = WALLET_ACCOUNTS.map((a) => ({ value: a, label: accountLabel(i18n, a) }))

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const errs = fieldErrors(transferSchema, v)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      await assetsApi.post('assets/transfer', v, { loading: true, btnLoading: setBusy })
      showToast(t`Transferred`)
      setV((o) => ({ ...o, amount: '' }))
      await balancesChanged(qc, 'transfer', { accounts: [v.from, v.to], now: true })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader title={t`Transfer`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={submit} noValidate>
        <CoinField
          testId="transfer-coin"
          value={v.coin}
          onChange={(c) => setV((o) => ({ ...o, coin: c }))}
          coins={(balances.data?.list ?? [{ coin: v.coin, available: '' }]).map((b) => ({
            code: b.coin,
            hint: b.available ? `${t`Available`} ${money(b.available)}` : undefined,
          }))}
        />
        <FromToRow
          control={(side, id, label) => (
            <SelectSheet
              id={id}
              label={label}
              testId={`transfer-${side}`}
              value={v[side]}
              options={accountOptions}
              onChange={(x) => setV((o) => ({ ...o, [side]: x as WalletAccount }))}
            />
          )}
          swapLabel={t`Swap accounts`}
          onSwap={() => setV((o) => ({ ...o, from: o.to, to: o.from }))}
          error={errors.to}
        />
        <AmountField
          value={v.amount}
          onChange={(x) => setV((o) => ({ ...o, amount: x.trim() }))}
          all={transferable}
          error={errors.amount}
          hint={
            held ? (
              <span data-testid="transfer-transferable">
                <Trans>Transferable</Trans>{' '}
                <span className={styles.nowrap}>
                  {money(transferable)} {v.coin}
                </span>
              </span>
            ) : (
              <>
                <Trans>Available</Trans>{' '}
                <span className={styles.nowrap}>
                  {money(available)} {v.coin}
                </span>
              </>
            )
          }
        />
        {held && v.from === 'contract' && (
          <p className={form.hint} data-testid="transfer-contract-lock">
            {t`${money(held)} ${v.coin} covers the unrealized loss of your open positions and stays in the contract account.`}
          </p>
        )}
        {held && v.from !== 'contract' && (
          <p className={form.hint} data-testid="transfer-loan-lock">
            {t`${money(held)} ${v.coin} owed on your loans stays in the funding account until repaid.`}
          </p>
        )}
        <button type="submit" className={form.primary} disabled={busy}>
          <Trans>Confirm transfer</Trans>
        </button>
      </form>
      <RecordsSection<TransferRow>
        query={records}
        title={t`Transfer records`}
        itemKey={(r) => r.id}
        render={(r) => (
          <>
            <div className={styles.row}>
              <strong>{r.coin}</strong>
              <span className={styles.num}>{money(r.amount)}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.sub}>
                {accountLabel(i18n, r.from)} → {accountLabel(i18n, r.to)}
              </span>
              <span className={styles.sub}>{fmt.ago(r.at)}</span>
            </div>
          </>
        )}
      />
    </>
  )
}
