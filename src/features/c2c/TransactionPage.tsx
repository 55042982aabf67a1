import { C2C_COINS, C2C_FIATS, PAY_KINDS, type PayKind } from '@common/c2c/rules'
import type { C2cAd, C2cOrder } from '@common/c2c/schema'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useId, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { tokenAtom } from '@/lib/store'
import { ChoiceChips } from '@/ui/ChoiceChips'
import { DecimalInput } from '@/ui/DecimalInput'
import { IdentityRequired } from '@/ui/form/IdentityRequired'
import { PageHeader } from '@/ui/PageHeader'
import { SelectSheet } from '@/ui/SelectSheet'
import { Stat } from '@/ui/Stat'
import { adsQueryOptions, c2cApi, meQueryOptions } from './api'
import { PAY_KIND } from './labels'
import { OrderSheet } from './OrderSheet'
import styles from './styles'
import { TraderLine } from './TraderLine'

const AMOUNT_RE = /^\d{1,15}(\.\d{1,2})?$/

/** pages/transaction/index (public): C2C ads to buy from or sell to, filters and quick buy/sell. */
export function TransactionPage() {
  const { t, i18n } = useLingui()
  const { amount: fmt } = useFormat()
  const navigate = useNavigate()
  const token = useAtomValue(tokenAtom)
  const [side, setSide] = useState<'buy' | 'sell'>('buy')
  const [coin, setCoin] = useState<string>('USDT')
  const [fiat, setFiat] = useState<string>('CNY')
  const [payKind, setPayKind] = useState<PayKind | ''>('')
  const [merchant, setMerchant] = useState(false)
  const [quick, setQuick] = useState('')
  const [busy, setBusy] = useState(false)
  const [open, setOpen] = useState<C2cAd | null>(null)
  const ids = { fiat: useId(), pay: useId() }
  // Signed in: where I stand with C2C's identity requirement (shown before any form).
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) })
  const gate = token && me.data && !me.data.verified ? me.data : null
  // The taker buys from sell ads and sells to buy ads.
  const ads = useQuery(
    adsQueryOptions({
      side: side === 'buy' ? 'sell' : 'buy',
      coin,
      fiat,
      merchant,
      payKind: payKind || undefined,
    }),
  )

  const needLogin = () => {
    if (token) return false
    void navigate({ to: '/pages/login/index' })
    return true
  }
  const take = (ad: C2cAd) => {
    if (!needLogin()) setOpen(ad)
  }
  const quickGo = async (e: React.FormEvent) => {
    e.preventDefault()
    if (needLogin() || !AMOUNT_RE.test(quick) || Number(quick) <= 0) return
    try {
      const o = await c2cApi.post<C2cOrder>(
        'c2c/quick',
        { side, coin, fiat, amount: quick, ...(payKind ? { payKind } : {}) },
        { loading: true, btnLoading: setBusy },
      )
      void navigate({ to: '/pages/transaction/order', search: { id: o.id } })
    } catch {
      // Shown by the http layer.
    }
  }

  return (
    <>
      <PageHeader
        title={t`C2C`}
        backLabel={t`Back`}
        right={
          token ? (
            <Link to="/pages/transaction/orders" className={styles.headLink} data-testid="c2c-orders-link">
              <Trans>My orders</Trans>
            </Link>
          ) : undefined
        }
      />
      <div className={styles.page}>
        {token && (
          <div className={styles.heroLinks}>
            <Link to="/pages/transaction/publish" className={styles.chip}>
              <Trans>Publish ad</Trans>
            </Link>
            <Link to="/pages/transaction/ads" className={styles.chip}>
              <Trans>My ads</Trans>
            </Link>
            <Link to="/pages/transaction/payment" className={styles.chip}>
              <Trans>Payment methods</Trans>
            </Link>
          </div>
        )}
        <ChoiceChips
          label={t`Direction`}
          value={side}
          options={[
            ['buy', t`Buy`],
            ['sell', t`Sell`],
          ]}
          onChange={setSide}
          testId="c2c-tab"
        />
        <ChoiceChips
          label={t`Coin`}
          value={coin}
          options={C2C_COINS.map((c) => [c, c] as const)}
          onChange={setCoin}
        />
        <div className={styles.filters}>
          <span className={styles.filter}>
            <label htmlFor={ids.fiat} className={styles.hint}>
              {t`Fiat`}
            </label>
            <SelectSheet
              id={ids.fiat}
              label={t`Fiat`}
              compact
              testId="c2c-fiat"
              value={fiat}
              options={C2C_FIATS.map((f) => ({ value: f, label: f }))}
              onChange={setFiat}
            />
          </span>
          <span className={styles.filter}>
            <label htmlFor={ids.pay} className={styles.hint}>
              {t`Payment method`}
            </label>
            <SelectSheet
              id={ids.pay}
              label={t`Payment method`}
              compact
              testId="c2c-pay-kind"
              value={payKind}
              options={[
                { value: '', label: t`All` },
                ...PAY_KINDS.map((k) => ({ value: k, label: i18n._(PAY_KIND[k]) })),
              ]}
              onChange={(k) => setPayKind(k as PayKind | '')}
            />
          </span>
          <button
            type="button"
            className={styles.chip}
            aria-pressed={merchant}
            onClick={() => setMerchant((m) => !m)}
          >
            <Trans>Merchants only</Trans>
          </button>
        </div>
        {gate ? (
          <IdentityRequired product="c2c" state={gate.identity} approvedRequired={gate.approvedRequired} />
        ) : (
          <form className={styles.card} onSubmit={quickGo} aria-label={t`Quick buy and sell`}>
            <span className={styles.sectionTitle}>
              {side === 'buy' ? t`Quick buy ${coin}` : t`Quick sell ${coin}`}
            </span>
            <div className={styles.composer}>
              <DecimalInput
                type="text"
                value={quick}
                onChange={setQuick}
                placeholder={t`Amount in ${fiat}`}
                aria-label={t`Amount in ${fiat}`}
                data-testid="c2c-quick-amount"
              />
              <button
                type="submit"
                className={styles.btn}
                disabled={busy || !AMOUNT_RE.test(quick) || Number(quick) <= 0}
                data-testid="c2c-quick-go"
              >
                {side === 'buy' ? t`Buy` : t`Sell`}
              </button>
            </div>
            <span className={styles.hint}>
              <Trans>The best-priced ad that fits your amount is picked for you.</Trans>
            </span>
          </form>
        )}
        {ads.isSuccess && ads.data.length === 0 && (
          <p className={styles.empty}>
            <Trans>No ads for this choice right now</Trans>
          </p>
        )}
        <ul className={styles.cards} aria-label={t`Ads`}>
          {(ads.data ?? []).map((ad) => (
            <li key={ad.id} className={styles.card} data-testid="c2c-ad">
              <TraderLine trader={ad.advertiser} />
              <div className={styles.cardTop}>
                <span className={styles.price}>
                  {fmt(ad.price)} <small>{ad.fiat}</small>
                </span>
                {!ad.mine && (
                  <button
                    type="button"
                    className={styles.btn}
                    onClick={() => take(ad)}
                    data-testid="c2c-take"
                  >
                    {side === 'buy' ? t`Buy` : t`Sell`}
                  </button>
                )}
              </div>
              <dl className={`${styles.grid} ${styles.adGrid}`}>
                <Stat label={t`Available`}>
                  {fmt(ad.remaining)} {ad.coin}
                </Stat>
                <Stat label={t`Limits`}>
                  {fmt(ad.minAmount)} - {fmt(ad.maxAmount)} {ad.fiat}
                </Stat>
              </dl>
              <span className={styles.hint}>{ad.payKinds.map((k) => i18n._(PAY_KIND[k])).join(' · ')}</span>
            </li>
          ))}
        </ul>
      </div>
      {open && <OrderSheet ad={open} onClose={() => setOpen(null)} />}
    </>
  )
}
