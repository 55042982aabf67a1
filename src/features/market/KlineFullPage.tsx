import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { instrumentsQueryOptions } from '@/lib/market/api'
import { pairLabel } from '@/lib/market/pair-label'
import { useLiveTickers, useTicker } from '@/lib/market/use-live-tickers'
import { PageHeader } from '@/ui/PageHeader'
import { Change, Price } from '@/ui/trade/Price'
import type { ChartMode, MainIndicator, SubIndicator } from './chart-config'
import { KlineChart } from './KlineChart'
import styles from './KlineFullPage.module.css'
import { ChartToolbar } from './QuotePage'

/** pages/trade/klinechart: the chart filling the screen. */
export function KlineFullPage({ symbol, period }: { symbol: string; period: ChartMode }) {
  const { t } = useLingui()
  const instruments = useQuery(instrumentsQueryOptions())
  useLiveTickers({ watch: false })
  const ticker = useTicker(symbol)
  const [mode, setMode] = useState<ChartMode>(period)
  const [main, setMain] = useState<MainIndicator[]>(['MA'])
  const [sub, setSub] = useState<SubIndicator[]>(['VOL', 'MACD'])
  const instrument = instruments.data?.find((i) => i.symbol === symbol)
  return (
    <div className={styles.page}>
      <PageHeader
        title={instrument ? pairLabel(instrument) : symbol}
        backLabel={t`Back`}
        right={
          <span className={styles.price}>
            <Price value={ticker?.last} change={ticker?.change} dp={instrument?.pricePrecision} />{' '}
            <Change value={ticker?.change} />
          </span>
        }
      />
      <ChartToolbar mode={mode} setMode={setMode} main={main} setMain={setMain} sub={sub} setSub={setSub} />
      {instrument ? (
        <KlineChart
          instrument={instrument}
          mode={mode}
          main={main}
          sub={sub}
          className={styles.chart}
          label={t`Price chart`}
        />
      ) : instruments.isSuccess ? (
        <p className={styles.missing}>{t`This market does not exist`}</p>
      ) : null}
    </div>
  )
}
