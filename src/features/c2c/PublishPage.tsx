import { C2C_COINS, C2C_FIATS, PAY_KINDS, PAY_WINDOWS, type PayKind } from '@common/c2c/rules'
import type { C2cAd } from '@common/c2c/schema'
import { gt, mul, round } from '@common/money/decimal'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { CoinPicker } from '@/ui/CoinPicker'
import { Field } from '@/ui/form/Field'
import form from '@/ui/form/Form.module.css'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { PageHeader } from '@/ui/PageHeader'
import { SelectSheet } from '@/ui/SelectSheet'
import { c2cApi, c2cKeys, meQueryOptions, myAdsQueryOptions } from './api'
import { PAY_KIND } from './labels'
import styles from './styles'

const FIAT_RE = /^\d{1,15}(\.\d{1,2})?$/
const QTY_RE = /^\d{1,20}(\.\d{1,18})?$/

function Form({ ad }: { ad: C2cAd | null }) {
  const { t, i18n } = useLingui()
  const { amount: fmt } = useFormat()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [side, setSide] = useState<'buy' | 'sell'>(ad?.side ?? 'sell')
  const [coin, setCoin] = useState(ad?.coin ?? 'USDT')
  const [fiat, setFiat] = useState(ad?.fiat ?? 'CNY')
  const [price, setPrice] = useState(ad?.price ?? '')
  const [total, setTotal] = useState(ad?.total ?? '')
  const [min, setMin] = useState(ad?.minAmount ?? '')
  const [max, setMax] = useState(ad?.maxAmount ?? '')
  const [kinds, setKinds] = useState<PayKind[]>(ad?.payKinds ?? ['bank'])
  const [windowMin, setWindow] = useState<number>(ad?.payWindow ?? 20)
  const [remark, setRemark] = useState(ad?.remark ?? '')
  const [busy, setBusy] = useState(false)
  const ok =
    FIAT_RE.test(price) &&
    gt(price, '0') &&
    QTY_RE.test(total) &&
    gt(total, '0') &&
    FIAT_RE.test(min) &&
    FIAT_RE.test(max) &&
    gt(min, '0') &&
    !gt(min, max) &&
    kinds.length > 0
  const value = FIAT_RE.test(price) && QTY_RE.test(total) ? round(mul(price, total), 2) : null
  const editing = Boolean(ad)
  const ids = { coin: useId(), fiat: useId(), window: useId() }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!ok) return
    try {
      await c2cApi.post<C2cAd>(
        'c2c/ad/save',
        {
          ...(ad ? { id: ad.id } : {}),
          side,
          coin,
          fiat,
          price,
          total,
          minAmount: min,
          maxAmount: max,
          payKinds: kinds,
          payWindow: windowMin,
          remark: remark.trim(),
        },
        { loading: true, btnLoading: setBusy },
      )
      await qc.invalidateQueries({ queryKey: c2cKeys.root })
      void navigate({ to: '/pages/transaction/ads' })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <form className={styles.page} onSubmit={submit} noValidate>
      <ChoiceChips
        label={t`Direction`}
        disabled={editing}
        value={side}
        options={[
          ['sell', t`I sell`],
          ['buy', t`I buy`],
        ]}
        onChange={setSide}
      />
      <div className={styles.pair}>
        <div className={form.field}>
          <label htmlFor={ids.coin} className={form.label}>
            {t`Coin`}
          </label>
          <CoinPicker
            id={ids.coin}
            label={t`Coin`}
            testId="c2c-ad-coin"
            value={coin}
            coins={C2C_COINS.map((c) => ({ code: c }))}
            disabled={editing}
            onChange={setCoin}
          />
        </div>
        <div className={form.field}>
          <label htmlFor={ids.fiat} className={form.label}>
            {t`Fiat`}
          </label>
          <SelectSheet
            id={ids.fiat}
            label={t`Fiat`}
            testId="c2c-ad-fiat"
            value={fiat}
            options={C2C_FIATS.map((f) => ({ value: f, label: f }))}
            disabled={editing}
            onChange={setFiat}
          />
        </div>
      </div>
      <div className={form.field}>
        <label htmlFor={ids.window} className={form.label}>
          {t`Payment window`}
        </label>
        <SelectSheet
          id={ids.window}
          label={t`Payment window`}
          testId="c2c-ad-window"
          value={String(windowMin)}
          options={PAY_WINDOWS.map((w) => ({ value: String(w), label: t`${w} minutes` }))}
          onChange={(w) => setWindow(Number(w))}
        />
      </div>
      <Field
        decimal
        label={t`Price (${fiat})`}
        value={price}
        onChange={setPrice}
        data-testid="c2c-ad-price"
      />
      <Field
        decimal
        label={t`Total quantity (${coin})`}
        value={total}
        onChange={setTotal}
        disabled={editing}
        data-testid="c2c-ad-total"
        hint={value ? <span className={styles.hint}>{t`Worth ${fmt(value)} ${fiat}`}</span> : undefined}
      />
      <div className={styles.pair}>
        <Field
          decimal
          label={t`Min per order (${fiat})`}
          value={min}
          onChange={setMin}
          data-testid="c2c-ad-min"
        />
        <Field
          decimal
          label={t`Max per order (${fiat})`}
          value={max}
          onChange={setMax}
          data-testid="c2c-ad-max"
        />
      </div>
      <fieldset className={styles.chips} aria-label={t`Payment method`}>
        {PAY_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={styles.chip}
            aria-pressed={kinds.includes(k)}
            onClick={() => setKinds((l) => (l.includes(k) ? l.filter((x) => x !== k) : [...l, k]))}
          >
            {i18n._(PAY_KIND[k])}
          </button>
        ))}
      </fieldset>
      <Field
        label={t`Remark`}
        value={remark}
        onChange={setRemark}
        maxLength={300}
        placeholder={t`Shown to traders (optional)`}
      />
      <p className={styles.hint}>
        {side === 'sell' ? (
          <Trans>
            The total quantity is frozen in your funding account while the ad is on the shelf. Buyers pay to
            your payment accounts of the kinds chosen; you release the coins after the money arrives.
          </Trans>
        ) : (
          <Trans>
            Sellers freeze their coins when they open an order on your ad; you pay them, they release.
          </Trans>
        )}
      </p>
      <button type="submit" className={styles.btn} disabled={!ok || busy} data-testid="c2c-ad-submit">
        {editing ? t`Save` : t`Publish`}
      </button>
    </form>
  )
}

/** pages/transaction/publish: publish an ad, or edit one of mine (`?id=`). */
export function PublishPage({ id }: { id?: string }) {
  const { t } = useLingui()
  const mine = useQuery({ ...myAdsQueryOptions(), enabled: Boolean(id) })
  const me = useQuery(meQueryOptions())
  const ad = id ? (mine.data?.find((a) => a.id === id) ?? null) : null
  return (
    <>
      <PageHeader title={id ? t`Edit ad` : t`Publish ad`} backLabel={t`Back`} />
      {me.data && !me.data.verified ? (
        <div className={styles.page}>
          <IdentityRequired
            product="c2c"
            state={me.data.identity}
            approvedRequired={me.data.approvedRequired}
          />
        </div>
      ) : (
        (me.data || me.isError) && (!id || ad) && <Form key={ad?.id ?? 'new'} ad={ad} />
      )}
    </>
  )
}
