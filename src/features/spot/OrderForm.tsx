import type { Instrument } from '@common/market/types'
import { mul } from '@common/money/decimal'
import { maxBuy, upperRate } from '@common/spot/rules'
import { placeOrderSchema, type SpotOrder, type SpotOrderType, type SpotSide } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { HttpError } from '@/lib/http/client'
import { useTicker } from '@/lib/market/use-live-tickers'
import { tokenAtom } from '@/lib/store'
import { showToast } from '@/ui/feedback'
import { AdvancedFlags } from './AdvancedFlags'
import { balanceQueryOptions, spotApi, spotKeys } from './api'
import { ConditionalPicker } from './ConditionalPicker'
import { ConditionalTicket } from './ConditionalTicket'
import type { ConditionalKind } from './conditional-ticket'
import { flagFields, type LimitFlag } from './limit-flags'
import { AmountSlider, DecimalField, OrderFigures, segment } from './OrderFormParts'
import styles from './Spot.module.css'
import { shareOf, validNum } from './ticket'

/**
 * The spot order form: side, limit or market, price, amount (or a market buy's total), a share of
 * the balance, the figures and the submit button. A price picked in the order book comes in
 * through `bookPrice`, which the form sets to its own handler on each render: the page and the
 * book do not render for it.
 */
export function OrderForm({
  symbol,
  inst,
  bookPrice,
}: {
  symbol: string
  inst: Instrument | undefined
  bookPrice: RefObject<(price: string) => void>
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const balance = useQuery({ ...balanceQueryOptions(symbol), enabled: Boolean(token) })
  const [side, setSide] = useState<SpotSide>('buy')
  const [type, setType] = useState<SpotOrderType>('limit')
  /** A conditional kind picked in the order-type picker (null: limit or market). */
  const [cond, setCond] = useState<ConditionalKind | null>(null)
  const [price, setPrice] = useState('')
  const [amount, setAmount] = useState('')
  const [total, setTotal] = useState('')
  /** The slider's share of the maximum; 0 once the user types a size of their own. */
  const [pct, setPct] = useState(0)
  /** The advanced switch of a limit order: post-only, IOC or FOK instead of GTC. */
  const [advanced, setAdvanced] = useState(false)
  const [flag, setFlag] = useState<LimitFlag>('post_only')
  const ids = {
    price: useId(),
    amount: useId(),
    total: useId(),
    slider: useId(),
    side: useId(),
    type: useId(),
  }
  // The form needs the last price only for a market order and to start the price field: the
  // rest of the time a tick does not render the form (the book and the header follow it).
  const follow = useRef(true)
  follow.current = type === 'market' || !price
  const ticker = useTicker(symbol, follow)

  // Start the price field at the last price once it is known.
  useEffect(() => {
    // Never traded: the index, as a starting point only.
    const start = ticker?.last ?? ticker?.index
    if (!price && start) setPrice(start)
  }, [price, ticker?.last, ticker?.index])

  const marketBuy = type === 'market' && side === 'buy'
  const pp = inst?.pricePrecision ?? 2
  const ap = inst?.amountPrecision ?? 8
  const base = inst?.base ?? ''
  const quote = inst?.quote ?? ''
  const limitTotal = type === 'limit' && validNum(price) && validNum(amount) ? mul(price, amount) : null
  const available = side === 'buy' ? balance.data?.quote : balance.data?.base
  // Freezing uses the instrument's higher rate; the charge is the user's own (VIP) rate.
  const freezeRate = balance.data ? upperRate(balance.data.makerFee, balance.data.takerFee) : '0.001'
  const refPrice = type === 'limit' ? price : (ticker?.last ?? ticker?.index)
  const maxBase = !available
    ? null
    : side === 'sell'
      ? available.available
      : maxBuy(available.available, refPrice ?? '', freezeRate, ap)

  /** Amount (or a market buy's total) for a share of the maximum at a given limit price. */
  const sizeFor = (p: number, at = refPrice) => {
    if (!available || p === 0) return { amount: '', total: '' }
    if (marketBuy) return { amount: '', total: shareOf(available.available, p, pp) }
    const whole =
      side === 'sell' ? available.available : maxBuy(available.available, at ?? '', freezeRate, ap)
    return { amount: whole ? shareOf(whole, p, ap) : '', total: '' }
  }
  const pickPercent = (p: number) => {
    setPct(p)
    const next = sizeFor(p)
    if (marketBuy) setTotal(next.total)
    else setAmount(next.amount)
  }
  const changePrice = (p: string) => {
    setPrice(p)
    // A chosen share stays a share of what the new price allows.
    if (pct > 0 && side === 'buy' && type === 'limit') setAmount(sizeFor(pct, p).amount)
  }
  const resetSize = () => {
    setPct(0)
    setAmount('')
    setTotal('')
  }
  const pickSide = (s: SpotSide) => {
    if (s !== side) resetSize()
    setSide(s)
  }
  const pickType = (k: SpotOrderType) => {
    if (k !== type) resetSize()
    setType(k)
    setCond(null)
  }
  bookPrice.current = (p: string) => {
    if (type !== 'limit') resetSize()
    setType('limit')
    changePrice(p)
  }

  const place = useMutation({
    mutationFn: spotApi.place,
    onSuccess: (o: SpotOrder) => {
      showToast(
        o.status === 'filled'
          ? t`Order filled`
          : o.status !== 'cancelled'
            ? t`Order placed`
            : Number(o.filled) > 0
              ? t`Partly filled: the rest was cancelled`
              : t`Not filled: the order was cancelled`,
      )
      resetSize()
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    // A conditional ticket has its own submit (Enter in its fields lands here).
    if (cond) return
    if (!token) {
      void navigate({ to: '/pages/login/index' })
      return
    }
    const input = {
      symbol,
      side,
      type,
      ...(type === 'limit'
        ? { price, amount, ...flagFields(advanced, flag) }
        : marketBuy
          ? { quoteAmount: total }
          : { amount }),
    }
    const parsed = v.safeParse(placeOrderSchema, input)
    if (!parsed.success) {
      showToast(t`Please enter a valid price and amount`, { error: true })
      return
    }
    place.mutate(parsed.output, {
      onError: (err) => {
        if (!(err instanceof HttpError)) showToast(String(err), { error: true })
      },
    })
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t`Place order`} noValidate>
      <fieldset className={styles.sides}>
        <legend className="visually-hidden">{t`Side`}</legend>
        {segment(ids.side, 'buy', side === 'buy', t`Buy`, () => pickSide('buy'), 'side-buy')}
        {segment(ids.side, 'sell', side === 'sell', t`Sell`, () => pickSide('sell'), 'side-sell')}
      </fieldset>
      <fieldset className={styles.types} data-testid="order-type">
        <legend className="visually-hidden">{t`Order type`}</legend>
        {segment(
          ids.type,
          'limit',
          type === 'limit' && !cond,
          t`Limit`,
          () => pickType('limit'),
          'type-limit',
        )}
        {segment(
          ids.type,
          'market',
          type === 'market' && !cond,
          t({ message: 'Market', context: 'order type' }),
          () => pickType('market'),
          'type-market',
        )}
        <ConditionalPicker kind={cond} onPick={setCond} />
      </fieldset>
      {cond ? (
        <ConditionalTicket kind={cond} side={side} symbol={symbol} inst={inst} />
      ) : (
        <>
          {type === 'limit' ? (
            <DecimalField
              id={ids.price}
              label={t`Price (${quote})`}
              testId="price-input"
              value={price}
              onChange={changePrice}
            />
          ) : (
            <div className={styles.field} data-disabled="true">
              <span>{t`Price`}</span>
              <span className={styles.marketPrice}>{t`Best market price`}</span>
            </div>
          )}
          {marketBuy ? (
            <DecimalField
              id={ids.total}
              label={t`Total (${quote})`}
              testId="total-input"
              value={total}
              onChange={(x) => {
                setPct(0)
                setTotal(x)
              }}
            />
          ) : (
            <DecimalField
              id={ids.amount}
              label={t`Amount (${base})`}
              testId="amount-input"
              value={amount}
              onChange={(x) => {
                setPct(0)
                setAmount(x)
              }}
            />
          )}
          <AmountSlider id={ids.slider} pct={pct} disabled={!available} onPick={pickPercent} />
          {type === 'limit' && (
            <AdvancedFlags on={advanced} flag={flag} onToggle={setAdvanced} onPick={setFlag} />
          )}
          <OrderFigures
            side={side}
            type={type}
            amount={amount}
            total={total}
            limitTotal={limitTotal}
            last={ticker?.last ?? ticker?.index}
            balance={balance.data}
            maxBase={maxBase}
            pp={pp}
            ap={ap}
            base={base}
            quote={quote}
          />
          <button
            type="submit"
            data-testid="submit-order"
            className={styles.submit}
            data-side={side}
            disabled={place.isPending}
          >
            {!token ? t`Log in` : side === 'buy' ? t`Buy ${base}` : t`Sell ${base}`}
          </button>
        </>
      )}
    </form>
  )
}
