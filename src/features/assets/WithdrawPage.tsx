import { withdrawAmounts } from '@common/assets/math'
import { withdrawSchema } from '@common/assets/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { balancesChanged } from '@/lib/balance-events'
import { fieldErrors } from '@/lib/form/validate'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { CodeField, ControlField, TradePasswordField } from '@/ui/form/PresetFields'
import { SendCodeButton } from '@/ui/form/SendCodeButton'
import { PageHeader } from '@/ui/PageHeader'
import product from '@/ui/Product.module.css'
import { SelectSheet } from '@/ui/SelectSheet'
import { AmountField } from './AmountField'
import styles from './Assets.module.css'
import { addressBookQueryOptions, assetsApi, chainsQueryOptions, withdrawInfoQueryOptions } from './api'
import { AddressField, ChainChips, CoinField, Kv } from './parts'
import { useMoney } from './use-money'

const isAmountLike = (s: string) => /^\d+(\.\d+)?$/.test(s)

/** Withdrawal: chain, address (typed or from the book), amount less the fee, trade password, second factor. */
export function WithdrawPage({ coin }: { coin: string }) {
  const { t } = useLingui()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const { money } = useMoney()
  const coins = useQuery(chainsQueryOptions())
  const info = useQuery(withdrawInfoQueryOptions(coin))
  const book = useQuery(addressBookQueryOptions())
  const [chainSel, setChain] = useState<string | null>(null)
  const chain = info.data?.chains.find((c) => c.chain === chainSel) ?? info.data?.chains[0]
  const [v, setV] = useState({
    address: '',
    amount: '',
    tradePassword: '',
    googleCode: '',
    smsCode: '',
    emailCode: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof v) => (x: string) => setV((o) => ({ ...o, [k]: x.trim() }))
  const entries = (book.data?.list ?? []).filter((b) => b.coin === coin && b.chain === chain?.chain)
  const amounts = chain && isAmountLike(v.amount) ? withdrawAmounts(v.amount, chain) : null
  const needs = info.data?.needs

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!chain) return
    const body = {
      coin,
      chain: chain.chain,
      address: v.address,
      amount: v.amount,
      tradePassword: v.tradePassword,
      ...(needs?.google ? { googleCode: v.googleCode } : {}),
      ...(needs?.sms ? { smsCode: v.smsCode } : {}),
      ...(needs?.email ? { emailCode: v.emailCode } : {}),
    }
    const errs = fieldErrors(withdrawSchema, body)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      await assetsApi.post('assets/withdraw', body, { loading: true, btnLoading: setBusy })
      showToast(t`Submitted, under review`)
      await balancesChanged(qc, 'withdraw', { now: true })
      void navigate({ to: '/pages/assets/withdraw-record' })
    } catch {
      // Shown by the http layer.
    }
  }

  const sendCode = (channel: 'sms' | 'email') => (ticket: string) =>
    assetsApi.post('user/getCode', { channel, purpose: 'security', ticket }, { loading: true })

  return (
    <>
      <PageHeader
        title={t`Withdraw ${coin}`}
        backLabel={t`Back`}
        right={
          <Link
            to="/pages/assets/withdraw-record"
            className={product.headLink}
            aria-label={t`Withdrawal records`}
          >
            <Trans>Records</Trans>
          </Link>
        }
      />
      <form className={form.page} onSubmit={submit} noValidate>
        <CoinField
          testId="withdraw-coin"
          value={coin}
          coins={(coins.data ?? [{ coin }]).map((c) => ({ code: c.coin }))}
          onChange={(c) =>
            void navigate({ to: '/pages/assets/withdraw', search: { coin: c }, replace: true })
          }
        />
        <ChainChips chains={info.data?.chains ?? []} value={chain?.chain} onChange={setChain} />
        {info.data?.addressBookOnly && (
          <p className={styles.notice}>
            <Trans>Address-book-only mode is on: choose an address from your address book.</Trans>
          </p>
        )}
        <AddressField value={v.address} onChange={set('address')} error={errors.address} />
        <ControlField label={<Trans>From the address book</Trans>}>
          {(id) => (
            <div className={form.row}>
              <SelectSheet
                id={id}
                label={t`From the address book`}
                testId="withdraw-book"
                value={entries.some((b) => b.address === v.address) ? v.address : ''}
                placeholder={entries.length ? t`Choose an address` : t`No saved address for this chain`}
                disabled={entries.length === 0}
                options={entries.map((b) => ({
                  value: b.address,
                  label: b.remark || `${b.address.slice(0, 8)}…${b.address.slice(-6)}`,
                  hint: b.address,
                }))}
                onChange={set('address')}
              />
              <Link
                to="/pages/assets/wallet-operation"
                search={{ coin, chain: chain?.chain }}
                className={form.secondary}
                style={{
                  display: 'grid',
                  placeItems: 'center',
                  padding: '0 12px',
                  textDecoration: 'none',
                  color: 'inherit',
                }}
              >
                <Trans>Add</Trans>
              </Link>
            </div>
          )}
        </ControlField>
        <AmountField
          value={v.amount}
          onChange={set('amount')}
          all={info.data?.withdrawable ?? '0'}
          error={errors.amount}
          hint={
            <>
              <Trans>Withdrawable</Trans>{' '}
              <span className={styles.nowrap}>
                {money(info.data?.withdrawable)} {coin}
              </span>
            </>
          }
        />
        {chain && (
          <div className={styles.card}>
            <Kv label={<Trans>Minimum withdrawal</Trans>}>
              {chain.minWithdraw} {coin}
            </Kv>
            <Kv label={<Trans>Fee (deducted from the amount)</Trans>} testId="withdraw-fee">
              {chain.fee} {coin}
            </Kv>
            <Kv label={<Trans>You receive</Trans>} testId="withdraw-net">
              {amounts?.ok ? `${amounts.net} ${coin}` : '--'}
            </Kv>
            {amounts && !amounts.ok && (
              <span className={form.error} role="alert">
                {amounts.reason === 'below_minimum'
                  ? t`Amount below the minimum withdrawal`
                  : t`The amount must be larger than the fee`}
              </span>
            )}
          </div>
        )}
        <TradePasswordField
          label={t`Trade password`}
          value={v.tradePassword}
          onChange={set('tradePassword')}
          error={errors.tradePassword}
        />
        {info.data && !info.data.hasTradePassword && (
          <Link to="/pages/mine/password-trade">
            <Trans>Set a trade password first</Trans>
          </Link>
        )}
        {needs?.google && (
          <CodeField
            label={t`Google authenticator code`}
            value={v.googleCode}
            onChange={set('googleCode')}
            error={errors.googleCode}
          />
        )}
        {needs?.sms && (
          <CodeField
            label={t`SMS code`}
            value={v.smsCode}
            onChange={set('smsCode')}
            error={errors.smsCode}
            after={<SendCodeButton send={sendCode('sms')} />}
          />
        )}
        {needs?.email && (
          <CodeField
            label={t`E-mail code`}
            value={v.emailCode}
            onChange={set('emailCode')}
            error={errors.emailCode}
            after={<SendCodeButton send={sendCode('email')} />}
          />
        )}
        <button type="submit" className={form.primary} disabled={busy || !chain}>
          <Trans>Withdraw</Trans>
        </button>
      </form>
    </>
  )
}
