import type { OptionOrder } from '@common/option/schema'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { balancesQueryOptions } from '@/lib/assets/balances'
import { instrumentsQueryOptions as marketInstruments } from '@/lib/market/api'
import { useLiveTickers } from '@/lib/market/use-live-tickers'
import { tokenAtom } from '@/lib/store'
import { useNow } from '@/lib/use-now'
import { IndexNotice } from '@/ui/trade/IndexNotice'
import { TradeLayout } from '@/ui/trade/TradeLayout'
import { DEFAULT_SYMBOL, isNotOffered, openOrdersQueryOptions, roundsQueryOptions } from './api'
import { IndexChart } from './IndexChart'
import { useOptionFormat, useOptionLabels } from './labels'
import { OpenOptions } from './OpenOptions'
import styles from './Option.module.css'
import { OptionTicket } from './OptionTicket'
import { ResultSheet, useSettledWatch } from './ResultSheet'
import { ClockPlaceholder, Placeholders, RoundClock } from './RoundClock'

/** pages/trade/trade-option: up / flat / down options on the index, settled from recorded ticks. */
export function TradeOptionPage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const of = useOptionFormat()
  const navigate = useNavigate()
  const loggedIn = Boolean(useAtomValue(tokenAtom))
  const labels = useOptionLabels()
  const now = useNow(500)
  const tickers = useLiveTickers()
  const markets = useQuery(marketInstruments())
  const rounds = useQuery(roundsQueryOptions(symbol))
  const open = useQuery({ ...openOrdersQueryOptions(), enabled: loggedIn })
  const balances = useQuery({ ...balancesQueryOptions('option'), enabled: loggedIn })
  const [period, setPeriod] = useState<number | null>(null)
  const [result, setResult] = useState<OptionOrder | null>(null)
  useSettledWatch(open.data, setResult)
  // Reached from spot or perpetuals on a market without options: show the first one offered.
  useEffect(() => {
    if (isNotOffered(rounds.error) && symbol !== DEFAULT_SYMBOL)
      void navigate({ to: '/pages/trade/trade-option', search: { symbol: DEFAULT_SYMBOL }, replace: true })
  }, [rounds.error, symbol, navigate])

  const live = tickers?.[symbol]?.index ?? rounds.data?.index ?? null
  const pp = rounds.data?.pricePrecision ?? 2
  const list = rounds.data?.rounds ?? []
  const current = list.find((r) => r.period === period) ?? list[0]
  const available = balances.data?.list.find((b) => b.coin === 'USDT')?.available ?? '0'
  const optionSymbols = rounds.data?.symbols ?? []
  const pairs = (markets.data ?? []).filter((i) => optionSymbols.includes(i.symbol))
  const mine = (open.data?.list ?? []).filter((o) => o.symbol === symbol)

  return (
    <TradeLayout
      mode="option"
      symbol={symbol}
      symbols={{ spot: symbol, perp: `${symbol}_PERP`, option: symbol }}
      pair={of.pair(symbol)}
      pairTestId="option-symbol"
      markets={pairs}
      onPick={(i) =>
        void navigate({ to: '/pages/trade/trade-option', search: { symbol: i.symbol }, replace: true })
      }
      actions={
        <Link to="/pages/assets/option-record" className={styles.recordsLink} data-testid="option-records">
          {t`Records`}
        </Link>
      }
      connection={false}
    >
      <IndexNotice symbol={symbol} kind="option" />
      <section className={styles.priceRow} aria-label={t`Index price`}>
        <span className={styles.bigPrice} data-testid="option-index">
          {live ? of.price(symbol, live, pp) : '--'}
        </span>
        <span className={styles.muted}>{t`Index price`}</span>
      </section>
      <IndexChart symbol={symbol} live={live} now={now} opens={mine} pp={pp} />

      <div className={styles.periods} role="tablist" aria-label={t`Period`}>
        {/* Until the rounds arrive, blank tabs hold their place: nothing below moves when they do. */}
        {!rounds.data && <Placeholders count={3} />}
        {list.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={r.id === current?.id}
            onClick={() => setPeriod(r.period)}
            data-testid={`period-${r.period}`}
          >
            <strong>{labels.period(r.period)}</strong>
            <span className={styles.up}>{of.rate(r.upRate)}</span>
          </button>
        ))}
      </div>

      {current ? <RoundClock round={current} now={now} /> : <ClockPlaceholder />}
      <OptionTicket
        symbol={symbol}
        round={current}
        live={live}
        pp={pp}
        loggedIn={loggedIn}
        available={available}
      />
      <OpenOptions
        orders={open.data?.list}
        loggedIn={loggedIn}
        symbol={symbol}
        live={live}
        tickers={tickers}
        now={now}
      />
      {result && <ResultSheet o={result} onClose={() => setResult(null)} />}
    </TradeLayout>
  )
}
