import { numberSymbols } from '@common/i18n/number-symbols'
import type { Chart, DeepPartial, Styles } from 'klinecharts'
import { type chartDateFormatter, type MainIndicator, type SubIndicator, ticksInside } from './chart-config'

// The chart's looks and set-up (theme colours from the design tokens, the UI language's dates and
// numbers, the indicators): what KlineChart.tsx applies to the klinecharts instance.

const TICK_SIZE = 11

export function themeStyles(theme: 'light' | 'dark', line: boolean): DeepPartial<Styles> {
  const css = getComputedStyle(document.documentElement)
  const v = (name: string) => css.getPropertyValue(name).trim()
  const up = v('--up')
  const down = v('--down')
  const grid = v('--line')
  const text = v('--text-3')
  const family = v('--font') || 'sans-serif'
  const onTrend = v('--on-trend')
  const label = theme === 'dark' ? '#3a424d' : '#4b5563'
  const tick = { color: text, size: TICK_SIZE, family }
  const legend = {
    color: v('--text-2'),
    size: TICK_SIZE,
    family,
    marginTop: 2,
    marginBottom: 2,
    defaultValue: '--',
  }
  const crossText = { backgroundColor: label, borderColor: label, color: '#ffffff', size: TICK_SIZE, family }
  const crossLine = { color: text, style: 'dashed' as const, dashedValue: [4, 3] }
  const highLow = { color: v('--text-2'), textFamily: family, textSize: 10 }
  return {
    grid: {
      horizontal: { color: grid, style: 'solid' },
      vertical: { color: grid, style: 'solid' },
    },
    candle: {
      type: line ? 'area' : 'candle_solid',
      bar: {
        upColor: up,
        downColor: down,
        noChangeColor: text,
        upBorderColor: up,
        downBorderColor: down,
        noChangeBorderColor: text,
        upWickColor: up,
        downWickColor: down,
        noChangeWickColor: text,
      },
      area: {
        lineColor: v('--brand'),
        lineSize: 1.5,
        backgroundColor: [
          { offset: 0, color: `${v('--brand')}00` },
          { offset: 1, color: `${v('--brand')}33` },
        ],
        point: { color: v('--brand'), rippleColor: `${v('--brand')}4d` },
      },
      priceMark: {
        high: highLow,
        low: highLow,
        // The last-price line across the chart, its label on the price axis.
        last: {
          upColor: up,
          downColor: down,
          noChangeColor: text,
          line: { show: true, style: 'dashed', dashedValue: [4, 3], size: 1 },
          text: { color: onTrend, size: TICK_SIZE, family, borderRadius: 3 },
        },
      },
      // Our own OHLC line above the chart replaces klinecharts' English legend.
      tooltip: { showRule: 'none' },
    },
    indicator: {
      bars: [{ upColor: `${up}99`, downColor: `${down}99`, noChangeColor: text }],
      tooltip: { title: { color: legend.color, size: TICK_SIZE, family, showParams: false }, legend },
      lastValueMark: { text: { family } },
    },
    xAxis: { axisLine: { color: grid }, tickText: tick, tickLine: { show: false } },
    yAxis: { axisLine: { show: false }, tickText: tick, tickLine: { show: false } },
    separator: { color: grid },
    crosshair: {
      horizontal: { line: crossLine, text: crossText },
      vertical: { line: crossLine, text: crossText },
    },
  }
}

/** Dates and numbers in the UI language; x-axis labels that would be cut at an edge are dropped. */
export function applyLocale(chart: Chart, locale: string, formatDate: ReturnType<typeof chartDateFormatter>) {
  const family = getComputedStyle(document.documentElement).getPropertyValue('--font').trim()
  const ctx = document.createElement('canvas').getContext('2d')
  if (ctx) ctx.font = `${TICK_SIZE}px ${family || 'sans-serif'}`
  const { group: sep, decimal: dec } = numberSymbols(locale)
  chart.setFormatter({ formatDate })
  chart.setThousandsSeparator({
    format: (value) => {
      const [int = '', frac] = String(value).split('.')
      const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep)
      return frac === undefined ? grouped : `${grouped}${dec}${frac}`
    },
  })
  chart.overrideXAxis({
    createTicks: ({ defaultTicks, bounding }) =>
      ticksInside(defaultTicks, bounding.width, (s) => ctx?.measureText(s).width ?? s.length * 7),
  })
}

/** Main indicators overlay the candles; each sub indicator gets its own pane below. */
export function applyIndicators(
  chart: Chart,
  main: MainIndicator[],
  sub: SubIndicator[],
  volumeLabel: string,
) {
  chart.removeIndicator()
  for (const name of main) chart.createIndicator({ name, paneId: 'candle_pane' }, true)
  for (const name of sub) chart.createIndicator({ name, paneId: `pane_${name}` }, false)
  // The volume pane's own legend says "VOLUME" in English: name it in the UI language.
  const vol = chart.getIndicators({ name: 'VOL' })[0]
  if (vol) {
    chart.overrideIndicator({
      name: 'VOL',
      precision: 2,
      figures: vol.figures.map((f) => (f.key === 'volume' ? { ...f, title: `${volumeLabel}: ` } : f)),
    })
  }
}
