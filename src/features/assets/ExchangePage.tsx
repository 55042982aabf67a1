import { EXCHANGE_TIMES, formatHours } from '@common/assets/exchange-times'
import { exchangeQuoteSchema } from '@common/assets/schema'
import type { ExchangeRow, Quote } from '@common/assets/types'
import { mul } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { balancesQueryOptions } from '@/lib/assets/balances'
import { balancesChanged } from '@/lib/balance-events'
import { fieldErrors } from '@/lib/form/validate'
import { CoinPicker } from '@/ui/CoinPicker'
import { showToast } from '@/ui/feedback'
import form from '@/ui/form/Form.module.css'
import { PageHeader } from '@/ui/PageHeader'
import { AmountField } from './AmountField'
import styles from './Assets.module.css'
import { assetsApi, exchangeRecordsQueryOptions } from './api'
import { RecordsSection } from './InfiniteList'
import { FromToRow, Kv } from './parts'
import { useMoney } from './use-money'

/** "0.002" -> "0.2" (percent), exactly. */
const pct = (fraction: string): string => mul(fraction, '100')

/** Flash exchange between coins of the funding account at an index-based quote. */
export function ExchangePage() {
  const { t } = useLingui()
  const qc = useQueryClient()
  const { money, fmt } = useMoney()
  const funding = useQuery(balancesQueryOptions('funding'))
  const records = useInfiniteQuery(exchangeRecordsQueryOptions())
  const priced = (funding.data?.list ?? []).filter((b) => b.price !== null)
  const [v, setV] = useState({ from: 'USDT', to: 'BTC', amount: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [quote, setQuote] = useState<Quote | null>(null)
  const [left, setLeft] = useState(0)
  const [busy, setBusy] = useState(false)
  const held = funding.data?.list.find((b) => b.coin === v.from)?.available ?? '0'

  useEffect(() => {
    if (!quote) return
    const tick = () => setLeft(Math.max(0, Math.ceil((quote.expiresAt - Date.now()) / 1000)))
    tick()
    const id = setInterval(tick, 500)
    return () => clearInterval(id)
  }, [quote])

  const change = (k: keyof typeof v) => (x: string) => {
    setQuote(null)
    setV((o) => ({ ...o, [k]: x.trim() }))
  }

  const getQuote = async (e: React.FormEvent) => {
    e.preventDefault()
    const errs = fieldErrors(exchangeQuoteSchema, v)
    setErrors(errs)
    if (Object.keys(errs).length) return
    try {
      setQuote(
        await assetsApi.post<Quote>('assets/exchange/quote', v, { loading: true, btnLoading: setBusy }),
      )
    } catch {
      // Shown by the http layer.
    }
  }

  const confirm = async () => {
    if (!quote) return
    try {
      await assetsApi.post(
        'assets/exchange/confirm',
        { quoteId: quote.quoteId },
        { loading: true, btnLoading: setBusy },
      )
      showToast(t`Exchanged`)
      setQuote(null)
      setV((o) => ({ ...o, amount: '' }))
      await balancesChanged(qc, 'exchange', { now: true })
    } catch {
      setQuote(null)
    }
  }

  return (
    <>
      <PageHeader title={t`Flash exchange`} backLabel={t`Back`} />
      <form className={form.page} onSubmit={getQuote} noValidate>
        <FromToRow
          control={(side, id, label) => (
            <CoinPicker
              id={id}
              label={label}
              testId={`exchange-${side}`}
              value={v[side]}
              onChange={change(side)}
              coins={(priced.length ? priced : [{ coin: v[side] }]).map((b) => ({ code: b.coin }))}
            />
          )}
          swapLabel={t`Swap coins`}
          onSwap={() => {
            setQuote(null)
            setV((o) => ({ ...o, from: o.to, to: o.from }))
          }}
          error={errors.to}
        />
        <AmountField
          value={v.amount}
          onChange={change('amount')}
          all={held}
          error={errors.amount}
          hint={
            <>
              <Trans>Held in the funding account</Trans>{' '}
              <span className={styles.nowrap}>
                {money(held)} {v.from}
              </span>
            </>
          }
        />
        {quote && (
          <section className={styles.card} aria-label={t`Quote`}>
            <Kv label={<Trans>Rate</Trans>}>
              1 {quote.from} ≈ {quote.rate} {quote.to}
            </Kv>
            <Kv label={<Trans>Spread (included in the rate)</Trans>}>{pct(quote.spread)}%</Kv>
            <Kv label={<Trans>Fee ({pct(quote.feeRate)}%)</Trans>}>
              {quote.fee} {quote.to}
            </Kv>
            <Kv label={<Trans>You receive</Trans>} testId="exchange-receive">
              {quote.receive} {quote.to}
            </Kv>
            <span className={styles.sub} aria-live="polite">
              {left > 0 ? t`Quote valid for ${left}s` : t`The quote has expired, please get a new one`}
            </span>
            <button
              type="button"
              className={form.primary}
              disabled={busy || left <= 0}
              onClick={() => void confirm()}
            >
              <Trans>Confirm exchange</Trans>
            </button>
          </section>
        )}
        {!quote && (
          <button type="submit" className={form.primary} disabled={busy}>
            <Trans>Get a quote</Trans>
          </button>
        )}
        <p className={styles.notice}>
          <Trans>
            Quotes follow the platform index price less the spread shown; the platform's exchange desk is the
            counterparty.
          </Trans>
        </p>
      </form>
      <Consultation />
      <RecordsSection<ExchangeRow>
        query={records}
        title={t`Exchange records`}
        itemKey={(r) => r.id}
        render={(r) => (
          <>
            <div className={styles.row}>
              <strong>
                {r.from} → {r.to}
              </strong>
              <span className={styles.sub}>{fmt.ago(r.at)}</span>
            </div>
            <div className={styles.row}>
              <span className={styles.num}>
                -{money(r.amount)} {r.from}
              </span>
              <span className={`${styles.num} ${styles.up}`}>
                +{money(r.receive)} {r.to}
              </span>
            </div>
          </>
        )}
      />
    </>
  )
}

/** The consultation block: the desk's service times (docs/spec.md section 9). */
function Consultation() {
  const { t } = useLingui()
  const { fmt } = useMoney()
  const id = useId()
  const hours = (n: number) => formatHours(n, fmt.locale)
  const rows: [string, string][] = [
    [t`Bank-transfer exchange or withdrawal`, t`Book ${hours(EXCHANGE_TIMES.bankBookingAhead)} ahead`],
    [t`Exchange or redemption`, t`Completes within ${hours(EXCHANGE_TIMES.exchangeWithin)}`],
    [t`Arrival of the funds`, t`Within ${hours(EXCHANGE_TIMES.arrivalWithin)}`],
    [t`Stablecoin redemption`, t`Completes within ${hours(EXCHANGE_TIMES.stablecoinRedemptionWithin)}`],
  ]
  return (
    <section className={`${styles.card} ${styles.consult}`} aria-labelledby={id}>
      <h2 id={id} className={styles.consultTitle}>
        <Trans>Consultation</Trans>
      </h2>
      <dl className={styles.consultList}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.kv}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
