import { candleChannel } from '@common/constants'
import type { Period } from '@common/market/periods'
import { type Candle, chartSeriesOf, type Instrument } from '@common/market/types'
import { isNegative, isZero, pctChange } from '@common/money/decimal'
import { DEFAULT_TIMEZONE_OFFSET } from '@common/time/time'
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import type { Chart, KLineData } from 'klinecharts'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useFormat } from '@/lib/format/use-format'
import { fetchKline } from '@/lib/market/api'
import { subscribe } from '@/lib/socket/client'
import { themeAtom } from '@/lib/store'
import {
  type ChartMode,
  candleHeadroom,
  candleTopGap,
  chartDateFormatter,
  chartPeriod,
  deviceOffsetLabel,
  type MainIndicator,
  modePeriod,
  offsetLabel,
  type SubIndicator,
} from './chart-config'
import { applyIndicators, applyLocale, themeStyles } from './chart-style'
import styles from './KlineChart.module.css'

/** Resolves in a later task, so the work before and after it are not one long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

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

const sameCandle = (a: Candle | undefined, b: Candle) =>
  a !== undefined && a.o === b.o && a.h === b.h && a.l === b.l && a.c === b.c && a.v === b.v && a.q === b.q

/** Where the server's calendar candles open: one rule, said on the chart (server/market/candles.ts). */
function useBoundaryNote(period: Period): string | null {
  const { t } = useLingui()
  if (period !== '4h' && period !== '1D' && period !== '1W' && period !== '1M') return null
  const zone = offsetLabel(DEFAULT_TIMEZONE_OFFSET)
  switch (period) {
    case '4h':
      return t`4h candles open every 4 hours from 00:00 ${zone}`
    case '1D':
      return t`Daily candles open at 00:00 ${zone}`
    case '1W':
      return t`Weekly candles open on Monday at 00:00 ${zone}`
    case '1M':
      return t`Monthly candles open on the 1st at 00:00 ${zone}`
  }
}

/** The bar under the crosshair, or the newest one: exact decimal strings from the server. */
function BarLegend({ bar, instrument }: { bar: Candle | null; instrument: Instrument }) {
  const { t } = useLingui()
  const { price, amount, percent } = useFormat()
  const dp = instrument.pricePrecision
  const change = bar ? pctChange(bar.o, bar.c) : null
  const trend = change === null || isZero(change) ? 'flat' : isNegative(change) ? 'down' : 'up'
  const cell = (label: string, value: string, testid: string, tone?: string) => (
    <div className={styles.cell}>
      <dt>{label}</dt>
      <dd data-testid={testid} data-trend={tone}>
        {value}
      </dd>
    </div>
  )
  return (
    <dl className={styles.legend} aria-label={t`Candle`}>
      {cell(t`Open`, bar ? price(bar.o, dp) : '--', 'bar-open')}
      {cell(t`High`, bar ? price(bar.h, dp) : '--', 'bar-high')}
      {cell(t`Low`, bar ? price(bar.l, dp) : '--', 'bar-low')}
      {cell(t({ message: 'Close', context: 'price' }), bar ? price(bar.c, dp) : '--', 'bar-close')}
      {cell(
        t({ message: 'Change', context: 'price' }),
        change === null ? '--' : percent(change, { sign: 'always' }),
        'bar-change',
        trend,
      )}
      {cell(
        t`Volume`,
        bar ? amount(bar.v, { dp: Math.min(instrument.amountPrecision, 4) }) : '--',
        'bar-volume',
      )}
    </dl>
  )
}

interface Props {
  instrument: Instrument
  mode: ChartMode
  main: MainIndicator[]
  sub: SubIndicator[]
  className?: string
  label: string
}

/**
 * klinecharts, loaded on demand so it never weighs on other routes. Times are shown in the
 * device's time zone and the UI language; candle boundaries are the server's (Asia/Shanghai),
 * which the caption says for the calendar periods.
 */
export function KlineChart({ instrument, mode, main, sub, className, label }: Props) {
  const { t } = useLingui()
  const { locale } = useFormat()
  const el = useRef<HTMLDivElement>(null)
  const chartRef = useRef<Chart | null>(null)
  const candles = useRef(new Map<number, Candle>())
  const [ready, setReady] = useState(false)
  const [latest, setLatest] = useState<Candle | null>(null)
  const [hovered, setHovered] = useState<Candle | null>(null)
  const theme = useAtomValue(themeAtom)
  const period = modePeriod(mode)
  const formatDate = useMemo(() => chartDateFormatter(locale), [locale])
  const boundary = useBoundaryNote(period)
  const zone = deviceOffsetLabel(Date.now())
  const volumeLabel = t`Volume`
  // The first history is asked for with the chart's code, not after it (see the data loader); once
  // per mount (null once used: a later load, after a reconnect say, asks again).
  const first = useRef<{ key: string; bars: Promise<Candle[]> } | null | undefined>(undefined)
  if (first.current === undefined) {
    const bars = fetchKline(instrument.symbol, period)
    bars.catch(() => undefined)
    first.current = { key: `${instrument.symbol}|${period}`, bars }
  }

  // What the chart should show, and what it was last given: the first frame sets all of it at
  // once (one layout, one drawing), later renders only what changed.
  const wanted = {
    locale,
    formatDate,
    theme,
    line: mode === 'line',
    instrument,
    period,
    main,
    sub,
    volumeLabel,
  }
  const want = useRef(wanted)
  want.current = wanted
  const given = useRef<Partial<typeof wanted>>({})
  const stopData = useRef<(() => void) | null>(null)

  function sync(chart: Chart) {
    const w = want.current
    const g = given.current
    if (g.locale !== w.locale || g.formatDate !== w.formatDate) {
      applyLocale(chart, w.locale, w.formatDate)
      Object.assign(g, { locale: w.locale, formatDate: w.formatDate })
    }
    if (g.theme !== w.theme || g.line !== w.line) {
      chart.setStyles(themeStyles(w.theme, w.line))
      Object.assign(g, { theme: w.theme, line: w.line })
    }
    if (g.instrument !== w.instrument || g.period !== w.period) {
      stopData.current?.()
      stopData.current = loadData(chart, w.instrument, w.period)
      Object.assign(g, { instrument: w.instrument, period: w.period })
    }
    if (g.main !== w.main || g.sub !== w.sub || g.volumeLabel !== w.volumeLabel) {
      applyIndicators(chart, w.main, w.sub, w.volumeLabel)
      Object.assign(g, { main: w.main, sub: w.sub, volumeLabel: w.volumeLabel })
      // Room on top for the main indicators' legend above the high-price mark (the sub panes
      // change the candle pane's height, so after them).
      const height = chart.getSize('candle_pane', 'main')?.height ?? 0
      const room = candleHeadroom(w.main.length, el.current?.clientWidth ?? 390)
      chart.overrideYAxis({ paneId: 'candle_pane', gap: { top: candleTopGap(room, height), bottom: 0.1 } })
    }
  }

  /** Symbol, period and data: REST history, then the live candle channel. Returns the stop. */
  function loadData(chart: Chart, instrument: Instrument, period: Period): () => void {
    let unsubscribe: (() => void) | null = null
    const known = candles.current
    known.clear()
    setLatest(null)
    setHovered(null)
    const keep = (c: Candle) => {
      known.set(c.t, c)
      setLatest((prev) => (!prev || c.t >= prev.t ? c : prev))
    }
    const wanted = chartPeriod(period)
    let stopped = false
    // setDataLoader, setSymbol and setPeriod each start a load, the first ones for the chart's old
    // symbol or period: only the load for this symbol and period is answered, and an answer that
    // comes after a switch is dropped (a late 15m history used to replace the 1h one).
    chart.setDataLoader({
      getBars: async ({ type, timestamp, callback, symbol: asked, period: askedPeriod }) => {
        if (
          asked.ticker !== instrument.symbol ||
          askedPeriod.type !== wanted.type ||
          askedPeriod.span !== wanted.span
        )
          return
        if (type === 'backward') return callback([], false)
        try {
          const pre = first.current
          const key = `${instrument.symbol}|${period}`
          if (type !== 'forward') first.current = null
          const list = await (pre && type !== 'forward' && pre.key === key
            ? pre.bars
            : fetchKline(
                instrument.symbol,
                period,
                type === 'forward' ? (timestamp ?? undefined) : undefined,
              ))
          if (stopped) return
          for (const c of list) keep(c)
          callback(list.map(toBar), { forward: list.length >= 300, backward: false })
        } catch {
          if (!stopped) callback([], false)
        }
      },
      subscribeBar: ({ callback }) => {
        unsubscribe?.()
        unsubscribe = subscribe<Candle | null, Candle>(candleChannel(instrument.symbol, period), {
          onSnapshot: (c, resync) => {
            // After a reconnect or a gap the history may have holes: load it again.
            if (resync) chart.resetData()
            else if (c && !sameCandle(known.get(c.t), c)) {
              // The history's last bar is usually this one: redrawing the chart for it is a
              // long task for nothing.
              keep(c)
              callback(toBar(c))
            }
          },
          onMessage: (c) => {
            keep(c)
            callback(toBar(c))
          },
        })
      },
      unsubscribeBar: () => {
        unsubscribe?.()
        unsubscribe = null
      },
    })
    chart.setSymbol({
      ticker: instrument.symbol,
      pricePrecision: instrument.pricePrecision,
      volumePrecision: instrument.amountPrecision,
    })
    chart.setPeriod(wanted)
    return () => {
      stopped = true
      unsubscribe?.()
      unsubscribe = null
    }
  }

  // Created once per mount when its code and first history are here, with everything it shows
  // set before its first frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: sync reads the latest props through refs
  useEffect(() => {
    let disposed = false
    let chartCleanup: (() => void) | null = null
    const history = first.current?.bars.catch(() => null)
    void Promise.all([import('klinecharts'), history]).then(async ([{ init, dispose }]) => {
      await nextTask()
      const node = el.current
      if (disposed || !node) return
      const chart = init(node)
      if (!chart) return
      chartRef.current = chart
      // klinecharts makes its container focusable with tabindex="1", ahead of the whole page in the
      // tab order (axe: tabindex). Its keyboard shortcuts listen on the document, not on it.
      for (const e of node.querySelectorAll('[tabindex]')) e.removeAttribute('tabindex')
      // Candles reach the price axis, with room for one more bar.
      chart.setOffsetRightDistance(12)
      // The action carries the pointer position only: find the bar under it.
      chart.subscribeAction('onCrosshairChange', (data) => {
        const cr = data as { x?: number; y?: number; paneId?: string } | undefined
        if (cr?.x === undefined) return setHovered(null)
        const point = chart.convertFromPixel([{ x: cr.x, y: cr.y ?? 0 }], { paneId: cr.paneId })
        const index = Array.isArray(point) ? point[0]?.dataIndex : point.dataIndex
        const ts = index === undefined ? undefined : chart.getDataList()[index]?.timestamp
        setHovered(ts === undefined ? null : (candles.current.get(ts) ?? null))
      })
      const leave = () => setHovered(null)
      node.addEventListener('pointerleave', leave)
      chartCleanup = () => {
        node.removeEventListener('pointerleave', leave)
        dispose(node)
      }
      // Its content in a task of its own: each half is short enough not to block input. Nothing is
      // drawn in between (a canvas waits for its exact size, two frames away: vite-klinecharts-patches).
      await nextTask()
      if (disposed) return
      sync(chart)
      // The chart follows its container's size by itself (its own ResizeObserver).
      setReady(true)
    })
    return () => {
      disposed = true
      stopData.current?.()
      stopData.current = null
      chartCleanup?.()
      chartRef.current = null
      given.current = {}
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: each value reaches sync through `want`
  useEffect(() => {
    const chart = chartRef.current
    if (ready && chart) sync(chart)
  }, [ready, locale, formatDate, theme, mode, instrument, period, main, sub, volumeLabel])

  const bar = hovered ?? latest
  const template = period.endsWith('m') || period.endsWith('h') ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'
  const when = bar ? formatDate({ timestamp: bar.t, template, type: 'tooltip' }) : ''
  return (
    <div className={`${styles.wrap} ${className ?? ''}`}>
      <div className={styles.head}>
        <span className={styles.when} data-testid="bar-time">
          {when}
        </span>
        {/* The chart rule: a spot market draws its own trades, the rest the index (labelled). */}
        <span className={styles.boundary} data-testid="chart-series">
          {chartSeriesOf(instrument.category) === 'index' ? t`Index price` : t`Trades on this exchange`}
        </span>
        {/* The zone as a chart's corner shows it (UTC+8); the sentence for screen readers and on hover. */}
        <span className={styles.zone} title={t`Times in your time zone (${zone})`}>
          <span aria-hidden="true">{zone}</span>
          <span className={styles.srOnly}>{t`Times in your time zone (${zone})`}</span>
        </span>
        {boundary && (
          <span className={styles.boundary} data-testid="candle-boundary">
            {boundary}
          </span>
        )}
      </div>
      <BarLegend bar={bar} instrument={instrument} />
      <div ref={el} className={styles.chart} role="img" aria-label={label} data-ready={ready} />
    </div>
  )
}
