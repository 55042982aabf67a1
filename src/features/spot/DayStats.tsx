import type { Instrument, Ticker } from '@common/market/types'
import { useLingui } from '@lingui/react/macro'
import { memo, useDeferredValue } from 'react'
import { useCompactFormat } from '@/lib/format/use-compact-format'
import { useFormat } from '@/lib/format/use-format'
import { useTicker } from '@/lib/market/use-live-tickers'
import { Price } from '@/ui/trade/Price'
import { MiniChart } from './MiniChart'
import styles from './Spot.module.css'

/**
 * 24 h high, low and volume of the pair (the ticker), beside the last price and the mini chart.
 * A tick is an urgent update (the query cache is an external store): the figures are drawn from a
 * deferred copy, in a render React can split, as the book is.
 */
export const DayStats = memo(function DayStats({ symbol, inst }: { symbol: string; inst?: Instrument }) {
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
      <MiniChart symbol={symbol} dp={pp} />
      <dl className={styles.statsGrid}>
        {cell(t`24h high`, ticker?.high ? fmt(ticker.high, { dp: pp }) : undefined, 'stat-high')}
        {cell(t`24h low`, ticker?.low ? fmt(ticker.low, { dp: pp }) : undefined, 'stat-low')}
        {cell(t`24h vol (${base})`, ticker && compact(ticker.volume), 'stat-volume')}
        {cell(t`24h vol (${quote})`, ticker && compact(ticker.turnover), 'stat-turnover')}
      </dl>
    </section>
  )
})
