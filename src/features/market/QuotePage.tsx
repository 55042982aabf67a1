import { PERIODS } from '@common/market/periods'
import { symbolLabel } from '@common/market/symbol'
import type { Instrument } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { instrumentsQueryOptions } from '@/lib/market/api'
import { pairLabel } from '@/lib/market/pair-label'
import { useLiveTickers, useTicker } from '@/lib/market/use-live-tickers'
import chip from '@/ui/Chip.module.css'
import { DemoMark } from '@/ui/DemoMark'
import { PageHeader } from '@/ui/PageHeader'
import { Stat } from '@/ui/Stat'
import { ConnectionStatus } from '@/ui/trade/ConnectionStatus'
import { IndexNotice } from '@/ui/trade/IndexNotice'
import { Change, Price } from '@/ui/trade/Price'
import { QuotePanels } from '@/ui/trade/QuotePanels'
import {
  type ChartMode,
  MAIN_INDICATORS,
  type MainIndicator,
  SUB_INDICATORS,
  type SubIndicator,
} from './chart-config'
import { useFavorites } from './favorites'
import { KlineChart } from './KlineChart'
import styles from './QuotePage.module.css'

export function ChartToolbar({
  mode,
  setMode,
  main,
  setMain,
  sub,
  setSub,
}: {
  mode: ChartMode
  setMode: (m: ChartMode) => void
  main: MainIndicator[]
  setMain: (m: MainIndicator[]) => void
  sub: SubIndicator[]
  setSub: (s: SubIndicator[]) => void
}) {
  const { t } = useLingui()
  const flip = <T,>(list: T[], x: T) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x])
  return (
    <>
      <fieldset className={styles.periods} aria-label={t`Chart period`}>
        <button type="button" aria-pressed={mode === 'line'} onClick={() => setMode('line')}>
          {t`Line`}
        </button>
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={mode === p} onClick={() => setMode(p)}>
            {p}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.indicators} aria-label={t`Indicators`}>
        {MAIN_INDICATORS.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={main.includes(n)}
            onClick={() => setMain(flip(main, n))}
          >
            {n}
          </button>
        ))}
        <span className={styles.sep} aria-hidden="true" />
        {SUB_INDICATORS.map((n) => (
          <button key={n} type="button" aria-pressed={sub.includes(n)} onClick={() => setSub(flip(sub, n))}>
            {n}
          </button>
        ))}
      </fieldset>
    </>
  )
}

export function QuotePage({ symbol }: { symbol: string }) {
  const { t } = useLingui()
  const instruments = useQuery(instrumentsQueryOptions())
  useLiveTickers({ watch: false })
  const favorites = useFavorites()
  const [mode, setMode] = useState<ChartMode>('15m')
  const [main, setMain] = useState<MainIndicator[]>(['MA'])
  const [sub, setSub] = useState<SubIndicator[]>(['VOL'])
  const instrument = instruments.data?.find((i) => i.symbol === symbol)

  if (instruments.isSuccess && !instrument) {
    return (
      <>
        <PageHeader title={t`Market`} backLabel={t`Back`} />
        <p className={styles.missing}>{t`This market does not exist`}</p>
      </>
    )
  }
  const fav = favorites.has(symbol)
  // The ticker is read by the parts that show it (QuoteSummary, SpotPanels): a tick renders
  // them, not the chart and its toolbar.
  return (
    <>
      <PageHeader
        title={
          <>
            {instrument ? pairLabel(instrument) : symbolLabel(symbol)}
            <DemoMark />
          </>
        }
        backLabel={t`Back`}
        right={
          <button
            type="button"
            className={styles.star}
            aria-pressed={fav}
            aria-label={fav ? t`Remove from favourites` : t`Add to favourites`}
            onClick={() => favorites.toggle(symbol)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
                fill={fav ? 'currentColor' : 'none'}
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        }
      />
      <ConnectionStatus />
      <IndexNotice symbol={symbol} kind="quote" />
      <QuoteSummary symbol={symbol} instrument={instrument} />
      <section className={styles.chartCard} aria-label={t`Chart`}>
        <ChartToolbar mode={mode} setMode={setMode} main={main} setMain={setMain} sub={sub} setSub={setSub} />
        {instrument ? (
          <KlineChart instrument={instrument} mode={mode} main={main} sub={sub} label={t`Price chart`} />
        ) : (
          <div className={styles.chartSpace} />
        )}
        <div className={styles.links}>
          <Link to="/pages/trade/klinechart" search={{ symbol, period: mode }} className={chip.chip}>
            {t`Full screen`}
          </Link>
          <Link to="/pages/trade/detail" search={{ symbol }} className={chip.chip}>
            {t`Market details`}
          </Link>
          <Link to="/pages/mine/price-alerts" search={{ symbol }} className={chip.chip}>
            {t`Price alert`}
          </Link>
        </div>
      </section>
      {instrument?.category === 'spot' && <SpotPanels instrument={instrument} />}
      {instrument?.category === 'perpetual' && (
        <div className={styles.tradeBar}>
          <Link to="/pages/trade/trade-leverage" search={{ symbol }} data-side="buy" data-testid="quote-long">
            {t`Long`}
          </Link>
          <Link
            to="/pages/trade/trade-leverage"
            search={{ symbol }}
            data-side="sell"
            data-testid="quote-short"
          >
            {t`Short`}
          </Link>
        </div>
      )}
    </>
  )
}

/** The pair's price, 24 h change and statistics, following its ticker. */
function QuoteSummary({ symbol, instrument }: { symbol: string; instrument: Instrument | undefined }) {
  const { t } = useLingui()
  const { amount, price } = useFormat()
  const ticker = useTicker(symbol)
  return (
    <section className={styles.summary} aria-label={t`Price`}>
      <div className={styles.lastBlock}>
        <Price
          value={ticker?.last}
          change={ticker?.change}
          dp={instrument?.pricePrecision}
          className={styles.last}
        />
        <Change value={ticker?.change} />
        {instrument && <span className={styles.name}>{instrument.name}</span>}
      </div>
      <dl className={styles.stats}>
        <Stat label={t`24h high`}>
          {ticker?.high && instrument ? price(ticker.high, instrument.pricePrecision) : '--'}
        </Stat>
        <Stat label={t`24h low`}>
          {ticker?.low && instrument ? price(ticker.low, instrument.pricePrecision) : '--'}
        </Stat>
        <Stat label={t`24h volume (${instrument?.base ?? ''})`}>
          {ticker ? amount(ticker.volume, { dp: 2 }) : '--'}
        </Stat>
        <Stat label={t`24h turnover (${instrument?.quote ?? ''})`}>
          {ticker ? amount(ticker.turnover, { dp: 0 }) : '--'}
        </Stat>
      </dl>
    </section>
  )
}

/** The order book and trades of a spot pair, the book's middle at the last price. */
function SpotPanels({ instrument }: { instrument: Instrument }) {
  const ticker = useTicker(instrument.symbol)
  return <QuotePanels instrument={instrument} last={ticker?.last ?? undefined} />
}
