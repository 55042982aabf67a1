import { symbolLabel } from '@common/market/symbol'
import type { Instrument, Ticker } from '@common/market/types'
import { mul, round } from '@common/money/decimal'
import { placeOrderSchema, type SpotOrder, type SpotOrderType, type SpotSide } from '@common/spot/schema'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { memo, useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { translateError } from '@/app/error-messages'
import { instrumentsQueryOptions } from '@/features/market/api'
import { ConnectionStatus } from '@/features/market/components/ConnectionStatus'
import { Change, Price } from '@/features/market/components/Price'
import { useLiveTickers, useTicker } from '@/features/market/use-live-tickers'
import { useCompactFormat } from '@/lib/format/use-compact-format'
import { useFormat } from '@/lib/format/use-format'
import { HttpError } from '@/lib/http/client'
import { tokenAtom } from '@/lib/store'
import { DecimalInput } from '@/ui/DecimalInput'
import { showToast } from '@/ui/feedback'
import { HistoryIcon } from '@/ui/Icons'
import { balanceQueryOptions, openOrdersQueryOptions, spotApi, spotKeys } from './api'
import { useLiveDepth, useOrderUpdates } from './live'
import { MiniChart } from './MiniChart'
import { OrderBook } from './OrderBook'
import { OrderRow } from './OrderRow'
import styles from './Spot.module.css'
import { SymbolPicker } from './SymbolPicker'
import { feeEstimate, maxBuy, shareOf, upperRate, validNum } from './ticket'

const PERCENTS = [0, 25, 50, 75, 100] as const

/** A labelled decimal input of the order form (price, amount, total). */
function DecimalField(props: {
  id: string
  label: string
  testId: string
  value: string
  onChange: (v: string) => void
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <DecimalInput id={props.id} data-testid={props.testId} value={props.value} onChange={props.onChange} />
    </div>
  )
}

/**
 * 24 h high, low and volume of the pair (the ticker), beside the last price and the mini chart.
 * A tick is an urgent update (the query cache is an external store): the figures are drawn from a
 * deferred copy, in a render React can split, as the book is.
 */
const DayStats = memo(function DayStats({ symbol, inst }: { symbol: string; inst?: Instrument }) {
  const ticker = useDeferredValue(useTicker(symbol))
  return <DayStatsView symbol={symbol} inst={inst} ticker={ticker} />
})

const DayStatsView = memo(function DayStatsView({
  symbol,
  inst,
  ticker,
}: {
  symbol: string
  inst?: Instrument
  ticker: Ticker | undefined
}) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const compact = useCompactFormat()
  const pp = inst?.pricePrecision
  const base = inst?.base ?? ''
  const quote = inst?.quote ?? ''
  const cell = (label: string, value: string | undefined, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value ?? '--'}</dd>
    </div>
  )
  return (
    <section className={styles.stats} aria-label={t`24 h statistics`}>
      <div className={styles.statsPrice}>
        <Price value={ticker?.last} change={ticker?.change} dp={pp} className={styles.statsLast} />
      </div>
      <MiniChart symbol={symbol} />
      <dl className={styles.statsGrid}>
        {cell(t`24h high`, ticker && fmt(ticker.high, { dp: pp }), 'stat-high')}
        {cell(t`24h low`, ticker && fmt(ticker.low, { dp: pp }), 'stat-low')}
        {cell(t`24h vol (${base})`, ticker && compact(ticker.volume), 'stat-volume')}
        {cell(t`24h vol (${quote})`, ticker && compact(ticker.turnover), 'stat-turnover')}
      </dl>
    </section>
  )
})

function DayChange({ symbol }: { symbol: string }) {
  return <Change value={useTicker(symbol)?.change} solid />
}

/** The pair's book, live: its depth updates and ticks render the book alone, not the form. */
const LiveBook = memo(function LiveBook({
  symbol,
  inst,
  onPick,
}: {
  symbol: string
  inst: Instrument | undefined
  onPick: (price: string) => void
}) {
  const depth = useLiveDepth(symbol)
  const ticker = useTicker(symbol)
  return (
    <OrderBook
      bids={depth?.bids ?? []}
      asks={depth?.asks ?? []}
      last={ticker?.last}
      pricePrecision={inst?.pricePrecision}
      amountPrecision={inst?.amountPrecision}
      onPick={onPick}
    />
  )
})

export function TradeSpotPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { amount: fmt, asset, percent } = useFormat()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const instruments = useQuery(instrumentsQueryOptions())
  // The page follows its own pair's ticker only (useTicker), not every market's.
  useLiveTickers({ watch: false })
  useOrderUpdates()
  const spotList = (instruments.data ?? []).filter((i) => i.category === 'spot')
  const inst = spotList.find((i) => i.symbol === symbol)
  const balance = useQuery({ ...balanceQueryOptions(symbol), enabled: Boolean(token) })
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: Boolean(token) })

  const [side, setSide] = useState<SpotSide>('buy')
  const [type, setType] = useState<SpotOrderType>('limit')
  const [price, setPrice] = useState('')
  const [amount, setAmount] = useState('')
  const [total, setTotal] = useState('')
  /** The slider's share of the maximum; 0 once the user types a size of their own. */
  const [pct, setPct] = useState(0)
  const [picking, setPicking] = useState(false)
  const ids = { price: useId(), amount: useId(), total: useId(), slider: useId() }
  // The form needs the last price only for a market order and to start the price field: the
  // rest of the time a tick does not render the page (the book and the header follow it).
  const follow = useRef(true)
  follow.current = type === 'market' || !price
  const ticker = useTicker(symbol, follow)

  // Start the price field at the last price once it is known.
  useEffect(() => {
    if (!price && ticker?.last) setPrice(ticker.last)
  }, [price, ticker?.last])

  const marketBuy = type === 'market' && side === 'buy'
  const pp = inst?.pricePrecision ?? 2
  const ap = inst?.amountPrecision ?? 8
  const base = inst?.base ?? ''
  const quote = inst?.quote ?? ''
  const limitTotal = type === 'limit' && validNum(price) && validNum(amount) ? mul(price, amount) : null
  const available = side === 'buy' ? balance.data?.quote : balance.data?.base
  // Freezing uses the instrument's higher rate; the charge is the user's own (VIP) rate.
  const freezeRate = balance.data ? upperRate(balance.data.makerFee, balance.data.takerFee) : '0.001'
  const rates = balance.data?.feeRates
  const refPrice = type === 'limit' ? price : ticker?.last
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

  // The fee estimate: a limit order may fill as maker or taker (the higher rate, "at most");
  // a market order is a taker (an estimate at the last price when it sells an amount).
  const feeRate = rates ? (type === 'limit' ? upperRate(rates.maker, rates.taker) : rates.taker) : undefined
  const feeBase =
    type === 'limit'
      ? limitTotal
      : marketBuy
        ? validNum(total)
          ? total
          : null
        : validNum(amount) && validNum(ticker?.last)
          ? mul(amount, ticker.last)
          : null
  const fee = feeRate && feeBase ? feeEstimate(feeBase, feeRate, pp, marketBuy) : null
  // A fee rate "0.001" reads 0.1 %, with at most 4 decimals and no trailing zeros.
  const percentText = (rate: string) => {
    const p = round(mul(rate, '100'), 4)
    return percent(p, { dp: p.split('.')[1]?.length ?? 0 })
  }
  const pctText = (p: number) => percent(String(p), { dp: 0 })

  const place = useMutation({
    mutationFn: spotApi.place,
    onSuccess: (o: SpotOrder) => {
      showToast(o.status === 'filled' ? t`Order filled` : t`Order placed`)
      resetSize()
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const cancel = useMutation({
    mutationFn: spotApi.cancel,
    onSuccess: () => {
      showToast(t`Order cancelled`)
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })
  const cancelAll = useMutation({
    mutationFn: () => spotApi.cancelAll(symbol),
    onSuccess: () => {
      showToast(t`All orders cancelled`)
      void qc.invalidateQueries({ queryKey: spotKeys.root })
    },
  })

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!token) {
      void navigate({ to: '/pages/login/index' })
      return
    }
    const input = {
      symbol,
      side,
      type,
      ...(type === 'limit' ? { price, amount } : marketBuy ? { quoteAmount: total } : { amount }),
    }
    const parsed = v.safeParse(placeOrderSchema, input)
    if (!parsed.success) {
      showToast(t`Please enter a valid price and amount`, { error: true })
      return
    }
    place.mutate(parsed.output, {
      onError: (err) => {
        if (!(err instanceof HttpError)) showToast(translateError(undefined, String(err)), { error: true })
      },
    })
  }

  const openList = open.data ?? []
  const perp = (instruments.data ?? []).find((i) => i.symbol === `${symbol}_PERP`)?.symbol ?? 'BTCUSDT_PERP'
  const sideName = useId()
  const typeName = useId()
  /** One segment of a segmented control: a real radio button (arrow keys move between them). */
  const segment = (
    name: string,
    value: string,
    checked: boolean,
    label: string,
    onPick: () => void,
    testId: string,
  ) => (
    <label data-value={value} data-testid={testId}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onPick} />
      <span>{label}</span>
    </label>
  )
  const pickSide = (s: SpotSide) => {
    if (s !== side) resetSize()
    setSide(s)
  }
  // A price picked in the book: the handler stays the same function, so a render of the form
  // does not render the book again (LiveBook is memoised).
  const onBookPrice = useRef((_p: string) => {})
  onBookPrice.current = (p: string) => {
    if (type !== 'limit') resetSize()
    setType('limit')
    changePrice(p)
  }
  const pickBookPrice = useCallback((p: string) => onBookPrice.current(p), [])
  const pickType = (k: SpotOrderType) => {
    if (k !== type) resetSize()
    setType(k)
  }

  return (
    <div className={styles.page}>
      <nav className={styles.modes} aria-label={t`Trade`}>
        <span aria-current="page">{t`Spot`}</span>
        <Link to="/pages/trade/trade-leverage" search={{ symbol: perp }} data-testid="to-perpetual">
          {t`Perpetual`}
        </Link>
        <Link to="/pages/trade/trade-option" search={{ symbol }} data-testid="to-options">
          {t`Options`}
        </Link>
      </nav>
      <header className={styles.top}>
        <button type="button" className={styles.pair} onClick={() => setPicking(true)} aria-haspopup="dialog">
          <span className={styles.pairName}>{inst ? `${inst.base}/${inst.quote}` : symbolLabel(symbol)}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t`Choose a market`}</span>
        </button>
        <DayChange symbol={symbol} />
        <Link to="/pages/market/quote" search={{ symbol }} className={styles.chartLink} aria-label={t`Chart`}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 19V5M4 19h16M8 15l4-4 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </Link>
      </header>
      <ConnectionStatus />
      {picking && (
        <SymbolPicker
          instruments={spotList}
          current={symbol}
          onClose={() => setPicking(false)}
          onPick={(s: Instrument) => {
            setPicking(false)
            setPrice('')
            resetSize()
            void navigate({ to: '/pages/trade/trade-spot', search: { symbol: s.symbol }, replace: true })
          }}
        />
      )}
      <div className={styles.layout}>
        <DayStats symbol={symbol} inst={inst} />
        <div className={styles.main}>
          <form className={styles.form} onSubmit={submit} aria-label={t`Place order`} noValidate>
            <fieldset className={styles.sides}>
              <legend className="visually-hidden">{t`Side`}</legend>
              {segment(sideName, 'buy', side === 'buy', t`Buy`, () => pickSide('buy'), 'side-buy')}
              {segment(sideName, 'sell', side === 'sell', t`Sell`, () => pickSide('sell'), 'side-sell')}
            </fieldset>
            <fieldset className={styles.types} data-testid="order-type">
              <legend className="visually-hidden">{t`Order type`}</legend>
              {segment(typeName, 'limit', type === 'limit', t`Limit`, () => pickType('limit'), 'type-limit')}
              {segment(
                typeName,
                'market',
                type === 'market',
                t({ message: 'Market', context: 'order type' }),
                () => pickType('market'),
                'type-market',
              )}
            </fieldset>
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
            <div className={styles.slider} style={{ '--pct': `${pct}%` } as React.CSSProperties}>
              <input
                id={ids.slider}
                type="range"
                min={0}
                max={100}
                step={25}
                value={pct}
                list={`${ids.slider}-marks`}
                disabled={!available}
                aria-label={t`Share of available balance`}
                aria-valuetext={pctText(pct)}
                data-testid="amount-slider"
                onChange={(e) => pickPercent(Number(e.target.value))}
              />
              <datalist id={`${ids.slider}-marks`}>
                {PERCENTS.map((p) => (
                  <option key={p} value={p} />
                ))}
              </datalist>
              <div className={styles.sliderMarks} aria-hidden="true">
                {PERCENTS.map((p) => (
                  <span key={p} data-on={p <= pct}>
                    {pctText(p)}
                  </span>
                ))}
              </div>
            </div>
            {type === 'limit' && (
              <div className={styles.line}>
                <span>{t`Total`}</span>
                <span data-testid="order-total">
                  {limitTotal ? `${fmt(limitTotal, { dp: pp })} ${quote}` : '--'}
                </span>
              </div>
            )}
            <div className={styles.line}>
              <span>{t`Available`}</span>
              <span data-testid="available">
                {available
                  ? `${asset(available.available, available.asset, available.precision)} ${available.asset}`
                  : `-- ${side === 'buy' ? quote : base}`}
              </span>
            </div>
            <div className={styles.line}>
              <span>{side === 'buy' ? t`Max buy` : t`Max sell`}</span>
              <span data-testid="max-size">
                {maxBase
                  ? `${type === 'market' && side === 'buy' ? '≈ ' : ''}${fmt(maxBase, { dp: ap })} ${base}`
                  : `-- ${base}`}
              </span>
            </div>
            <div className={styles.line}>
              <span>
                {t`Est. fee`}
                {feeRate && <small> ({percentText(feeRate)})</small>}
              </span>
              <span data-testid="fee-estimate">
                {fee ? `${type === 'limit' ? '≤' : '≈'} ${fmt(fee, { dp: pp })} ${quote}` : `-- ${quote}`}
              </span>
            </div>
            <button
              type="submit"
              data-testid="submit-order"
              className={styles.submit}
              data-side={side}
              disabled={place.isPending}
            >
              {!token ? t`Log in` : side === 'buy' ? t`Buy ${base}` : t`Sell ${base}`}
            </button>
          </form>
          <LiveBook symbol={symbol} inst={inst} onPick={pickBookPrice} />
        </div>
        <section className={styles.orders} aria-labelledby={`${ids.slider}-orders`}>
          <div className={styles.ordersHead}>
            <h2
              id={`${ids.slider}-orders`}
              className={styles.ordersTitle}
              data-testid="open-title"
              data-count={openList.length}
            >
              {t`Open orders (${openList.length})`}
            </h2>
            <div className={styles.ordersActions}>
              {openList.length > 0 && (
                <button
                  type="button"
                  data-testid="cancel-all"
                  className={styles.cancelAll}
                  onClick={() => cancelAll.mutate()}
                  disabled={cancelAll.isPending}
                >
                  {t`Cancel all`}
                </button>
              )}
              {token && (
                <Link
                  to="/pages/history/index"
                  search={{ symbol }}
                  className={styles.historyLink}
                  data-testid="history-link"
                >
                  <HistoryIcon />
                  {t`Order history`}
                </Link>
              )}
            </div>
          </div>
          {!token ? (
            <p className={styles.empty}>
              <Link to="/pages/login/index">{t`Log in`}</Link> {t`to see your orders`}
            </p>
          ) : openList.length === 0 ? (
            <p className={styles.empty}>{t`No data`}</p>
          ) : (
            <ul className={styles.orderList} aria-label={t`Open orders`} data-testid="open-orders">
              {openList.map((o) => (
                <OrderRow key={o.id} order={o} instrument={inst} onCancel={() => cancel.mutate(o.id)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
