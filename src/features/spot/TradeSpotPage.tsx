import type { Instrument } from '@common/market/types'
import { add, div, isZero, mul, toFixed } from '@common/money/decimal'
import { placeOrderSchema, type SpotOrder, type SpotOrderType, type SpotSide } from '@common/schemas/spot'
import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useId, useState } from 'react'
import * as v from 'valibot'
import { translateError } from '@/app/error-messages'
import { tokenAtom } from '@/app/store'
import { instrumentsQueryOptions } from '@/features/market/api'
import { ConnectionStatus } from '@/features/market/components/ConnectionStatus'
import { Change } from '@/features/market/components/Price'
import { useLiveTickers } from '@/features/market/use-live-tickers'
import { useFormat } from '@/lib/format/use-format'
import { HttpError } from '@/lib/http/client'
import { showToast } from '@/ui/feedback'
import { balanceQueryOptions, historyQueryOptions, openOrdersQueryOptions, spotApi, spotKeys } from './api'
import { useLiveDepth, useOrderUpdates } from './live'
import { OrderBook } from './OrderBook'
import { OrderRow } from './OrderRow'
import styles from './Spot.module.css'
import { SymbolPicker } from './SymbolPicker'

const PERCENTS = ['25', '50', '75', '100'] as const

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
      <input
        id={props.id}
        data-testid={props.testId}
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.trim())}
      />
    </div>
  )
}

export function TradeSpotPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const { amount: fmt } = useFormat()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  const instruments = useQuery(instrumentsQueryOptions())
  const tickers = useLiveTickers()
  const depth = useLiveDepth(symbol)
  useOrderUpdates()
  const spotList = (instruments.data ?? []).filter((i) => i.category === 'spot')
  const inst = spotList.find((i) => i.symbol === symbol)
  const ticker = tickers?.[symbol]
  const balance = useQuery({ ...balanceQueryOptions(symbol), enabled: Boolean(token) })
  const open = useQuery({ ...openOrdersQueryOptions(symbol), enabled: Boolean(token) })
  const history = useInfiniteQuery({ ...historyQueryOptions(symbol), enabled: Boolean(token) })

  const [side, setSide] = useState<SpotSide>('buy')
  const [type, setType] = useState<SpotOrderType>('limit')
  const [price, setPrice] = useState('')
  const [amount, setAmount] = useState('')
  const [total, setTotal] = useState('')
  const [tab, setTab] = useState<'open' | 'history'>('open')
  const [picking, setPicking] = useState(false)
  const ids = { price: useId(), amount: useId(), total: useId(), type: useId() }

  // Start the price field at the last price once it is known.
  useEffect(() => {
    if (!price && ticker?.last) setPrice(ticker.last)
  }, [price, ticker?.last])

  const marketBuy = type === 'market' && side === 'buy'
  const pp = inst?.pricePrecision
  const ap = inst?.amountPrecision ?? 8
  const validNum = (s: string) => /^\d+(\.\d+)?$/.test(s) && !isZero(s)
  const limitTotal = type === 'limit' && validNum(price) && validNum(amount) ? mul(price, amount) : null
  const fee = balance.data?.takerFee ?? '0.001'
  const available = side === 'buy' ? balance.data?.quote : balance.data?.base
  const base = inst?.base ?? ''
  const quote = inst?.quote ?? ''

  const pickPercent = (p: string) => {
    if (!available) return
    const share = div(mul(available.available, p), '100', 18, 'down')
    if (marketBuy) setTotal(toFixed(share, 6, 'down'))
    else if (side === 'sell') setAmount(toFixed(share, ap, 'down'))
    else {
      const at = type === 'limit' ? price : ticker?.last
      if (!at || !validNum(at)) return
      setAmount(toFixed(div(share, mul(at, add('1', fee)), ap + 2, 'down'), ap, 'down'))
    }
  }

  const place = useMutation({
    mutationFn: spotApi.place,
    onSuccess: (o: SpotOrder) => {
      showToast(o.status === 'filled' ? t`Order filled` : t`Order placed`)
      setAmount('')
      setTotal('')
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
  const historyList =
    history.data?.pages.flatMap((p) => p.list).filter((o) => o.status !== 'open' && o.status !== 'partial') ??
    []

  const perp = (instruments.data ?? []).find((i) => i.symbol === `${symbol}_PERP`)?.symbol ?? 'BTCUSDT_PERP'

  return (
    <>
      <nav className={styles.modes} aria-label={t`Trade`}>
        <span aria-current="page">{t`Spot`}</span>
        <Link to="/pages/trade/trade-leverage" search={{ symbol: perp }} data-testid="to-perpetual">
          {t`Perpetual`}
        </Link>
      </nav>
      <header className={styles.top}>
        <button type="button" className={styles.pair} onClick={() => setPicking(true)} aria-haspopup="dialog">
          <span className={styles.pairName}>{inst ? `${inst.base}/${inst.quote}` : symbol}</span>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span className="visually-hidden">{t`Choose a market`}</span>
        </button>
        <Change value={ticker?.change} solid />
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
          tickers={tickers}
          current={symbol}
          onClose={() => setPicking(false)}
          onPick={(s: Instrument) => {
            setPicking(false)
            setPrice('')
            setAmount('')
            setTotal('')
            void navigate({ to: '/pages/trade/trade-spot', search: { symbol: s.symbol }, replace: true })
          }}
        />
      )}
      <div className={styles.main}>
        <form className={styles.form} onSubmit={submit} aria-label={t`Place order`} noValidate>
          <div className={styles.sides} role="tablist" aria-label={t`Side`}>
            <button
              type="button"
              role="tab"
              aria-selected={side === 'buy'}
              data-side="buy"
              data-testid="side-buy"
              onClick={() => setSide('buy')}
            >
              {t`Buy`}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={side === 'sell'}
              data-side="sell"
              data-testid="side-sell"
              onClick={() => setSide('sell')}
            >
              {t`Sell`}
            </button>
          </div>
          <label className="visually-hidden" htmlFor={ids.type}>{t`Order type`}</label>
          <select
            id={ids.type}
            data-testid="order-type"
            className={styles.select}
            value={type}
            onChange={(e) => setType(e.target.value as SpotOrderType)}
          >
            <option value="limit">{t`Limit`}</option>
            <option value="market">{t`Market`}</option>
          </select>
          {type === 'limit' ? (
            <DecimalField
              id={ids.price}
              label={t`Price (${quote})`}
              testId="price-input"
              value={price}
              onChange={setPrice}
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
              onChange={setTotal}
            />
          ) : (
            <DecimalField
              id={ids.amount}
              label={t`Amount (${base})`}
              testId="amount-input"
              value={amount}
              onChange={setAmount}
            />
          )}
          <fieldset className={styles.percents} aria-label={t`Share of available balance`}>
            {PERCENTS.map((p) => (
              <button key={p} type="button" onClick={() => pickPercent(p)} disabled={!available}>
                {p}%
              </button>
            ))}
          </fieldset>
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
                ? `${fmt(available.available)} ${available.asset}`
                : `-- ${side === 'buy' ? quote : base}`}
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
        <OrderBook
          bids={depth?.bids ?? []}
          asks={depth?.asks ?? []}
          last={ticker?.last}
          pricePrecision={pp}
          amountPrecision={inst?.amountPrecision}
          onPick={(p) => {
            setType('limit')
            setPrice(p)
          }}
        />
      </div>
      <section className={styles.orders} aria-label={t`My orders`}>
        <div className={styles.ordersHead}>
          <div role="tablist" aria-label={t`My orders`} className={styles.orderTabs}>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'open'}
              data-testid="tab-open"
              data-count={openList.length}
              onClick={() => setTab('open')}
            >
              {t`Open orders (${openList.length})`}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'history'}
              data-testid="tab-history"
              onClick={() => setTab('history')}
            >
              {t`Order history`}
            </button>
          </div>
          {tab === 'open' && openList.length > 0 && (
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
          {tab === 'history' && token && (
            <Link to="/pages/assets/trade-record" className={styles.cancelAll} data-testid="all-records">
              {t`All records`}
            </Link>
          )}
          {token && (
            <Link
              to="/pages/history/index"
              search={{ symbol }}
              className={styles.cancelAll}
              data-testid="history-link"
            >
              {t`History`}
            </Link>
          )}
        </div>
        {!token ? (
          <p className={styles.empty}>
            <Link to="/pages/login/index">{t`Log in`}</Link> {t`to see your orders`}
          </p>
        ) : tab === 'open' ? (
          openList.length === 0 ? (
            <p className={styles.empty}>{t`No data`}</p>
          ) : (
            <ul className={styles.orderList} aria-label={t`Open orders`} data-testid="open-orders">
              {openList.map((o) => (
                <OrderRow key={o.id} order={o} instrument={inst} onCancel={() => cancel.mutate(o.id)} />
              ))}
            </ul>
          )
        ) : historyList.length === 0 ? (
          <p className={styles.empty}>{t`No data`}</p>
        ) : (
          <ul className={styles.orderList} aria-label={t`Order history`} data-testid="order-history">
            {historyList.map((o) => (
              <OrderRow key={o.id} order={o} instrument={inst} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
