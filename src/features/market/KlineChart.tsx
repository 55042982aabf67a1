import { candleChannel } from '@common/constants'
import type { Candle, Instrument } from '@common/market/types'
import { DEFAULT_TIMEZONE } from '@common/time/time'
import { useAtomValue } from 'jotai'
import type { Chart, DeepPartial, KLineData, Styles } from 'klinecharts'
import { useEffect, useRef, useState } from 'react'
import { themeAtom } from '@/app/store'
import { subscribe } from '@/lib/socket/client'
import { fetchKline } from './api'
import {
  type ChartMode,
  chartPeriod,
  type MainIndicator,
  modePeriod,
  type SubIndicator,
} from './chart-config'
import styles from './KlineChart.module.css'

// Chart numbers are for drawing only; amounts on screen elsewhere stay decimal strings.
const toBar = (c: Candle): KLineData => ({
  timestamp: c.t,
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
  volume: Number(c.v),
  turnover: Number(c.q),
})

function themeStyles(theme: 'light' | 'dark', line: boolean): DeepPartial<Styles> {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string) => css.getPropertyValue(name).trim()
  const up = v('--up')
  const down = v('--down')
  const grid = v('--line')
  const text = v('--text-3')
  return {
    grid: { horizontal: { color: grid }, vertical: { color: grid } },
    candle: {
      type: line ? 'area' : 'candle_solid',
      bar: {
        upColor: up,
        downColor: down,
        upBorderColor: up,
        downBorderColor: down,
        upWickColor: up,
        downWickColor: down,
      },
      area: {
        lineColor: v('--brand'),
        backgroundColor: [
          { offset: 0, color: `${v('--brand')}33` },
          { offset: 1, color: `${v('--brand')}00` },
        ],
      },
      priceMark: { last: { upColor: up, downColor: down } },
      tooltip: { title: { show: false } },
    },
    indicator: { bars: [{ upColor: `${up}aa`, downColor: `${down}aa`, noChangeColor: text }] },
    xAxis: { axisLine: { color: grid }, tickText: { color: text }, tickLine: { color: grid } },
    yAxis: { axisLine: { color: grid }, tickText: { color: text }, tickLine: { color: grid } },
    separator: { color: grid },
    crosshair: {
      horizontal: { text: { backgroundColor: theme === 'dark' ? '#2d333b' : '#4b5563' } },
      vertical: { text: { backgroundColor: theme === 'dark' ? '#2d333b' : '#4b5563' } },
    },
  }
}

interface Props {
  instrument: Instrument
  mode: ChartMode
  main: MainIndicator[]
  sub: SubIndicator[]
  className?: string
  label: string
}

/** klinecharts, loaded on demand so it never weighs on other routes. */
export function KlineChart({ instrument, mode, main, sub, className, label }: Props) {
  const el = useRef<HTMLDivElement>(null)
  const chartRef = useRef<Chart | null>(null)
  const [ready, setReady] = useState(false)
  const theme = useAtomValue(themeAtom)
  const period = modePeriod(mode)

  // Create once per mount.
  useEffect(() => {
    let disposed = false
    let chartCleanup: (() => void) | null = null
    void import('klinecharts').then(({ init, dispose }) => {
      const node = el.current
      if (disposed || !node) return
      const chart = init(node, { timezone: DEFAULT_TIMEZONE })
      if (!chart) return
      chartRef.current = chart
      setReady(true)
      const ro = new ResizeObserver(() => chart.resize())
      ro.observe(node)
      chartCleanup = () => {
        ro.disconnect()
        dispose(node)
      }
    })
    return () => {
      disposed = true
      chartCleanup?.()
      chartRef.current = null
    }
  }, [])

  // Symbol, period and data: REST history, then the live candle channel.
  useEffect(() => {
    const chart = chartRef.current
    if (!ready || !chart) return
    let unsubscribe: (() => void) | null = null
    chart.setSymbol({
      ticker: instrument.symbol,
      pricePrecision: instrument.pricePrecision,
      volumePrecision: instrument.amountPrecision,
    })
    chart.setPeriod(chartPeriod(period))
    chart.setDataLoader({
      getBars: async ({ type, timestamp, callback }) => {
        if (type === 'backward') return callback([], false)
        try {
          const list = await fetchKline(
            instrument.symbol,
            period,
            type === 'forward' ? (timestamp ?? undefined) : undefined,
          )
          callback(list.map(toBar), { forward: list.length >= 300, backward: false })
        } catch {
          callback([], false)
        }
      },
      subscribeBar: ({ callback }) => {
        unsubscribe?.()
        unsubscribe = subscribe<Candle | null, Candle>(candleChannel(instrument.symbol, period), {
          onSnapshot: (c, resync) => {
            // After a reconnect or a gap the history may have holes: load it again.
            if (resync) chart.resetData()
            else if (c) callback(toBar(c))
          },
          onMessage: (c) => callback(toBar(c)),
        })
      },
      unsubscribeBar: () => {
        unsubscribe?.()
        unsubscribe = null
      },
    })
    return () => {
      unsubscribe?.()
      unsubscribe = null
    }
  }, [ready, instrument, period])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` re-applies the styles once the chart exists
  useEffect(() => {
    chartRef.current?.setStyles(themeStyles(theme, mode === 'line'))
  }, [ready, theme, mode])

  useEffect(() => {
    const chart = chartRef.current
    if (!ready || !chart) return
    chart.removeIndicator()
    // Main indicators overlay the candles; each sub indicator gets its own pane below.
    for (const name of main) chart.createIndicator({ name, paneId: 'candle_pane' }, true)
    for (const name of sub) chart.createIndicator({ name, paneId: `pane_${name}` }, false)
  }, [ready, main, sub])

  return (
    <div
      ref={el}
      className={`${styles.chart} ${className ?? ''}`}
      role="img"
      aria-label={label}
      data-ready={ready}
    />
  )
}
