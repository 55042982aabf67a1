import type { Period } from '@common/market/periods'

/** Chart modes: the time-sharing line (one-minute closes) or candles of a period. */
export type ChartMode = 'line' | Period

export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const
export type MainIndicator = (typeof MAIN_INDICATORS)[number]
export type SubIndicator = (typeof SUB_INDICATORS)[number]

/** klinecharts' period for ours. */
export function chartPeriod(p: Period): { type: 'minute' | 'hour' | 'day' | 'week' | 'month'; span: number } {
  switch (p) {
    case '1m':
      return { type: 'minute', span: 1 }
    case '5m':
      return { type: 'minute', span: 5 }
    case '15m':
      return { type: 'minute', span: 15 }
    case '30m':
      return { type: 'minute', span: 30 }
    case '1h':
      return { type: 'hour', span: 1 }
    case '4h':
      return { type: 'hour', span: 4 }
    case '1D':
      return { type: 'day', span: 1 }
    case '1W':
      return { type: 'week', span: 1 }
    case '1M':
      return { type: 'month', span: 1 }
  }
}

export const modePeriod = (m: ChartMode): Period => (m === 'line' ? '1m' : m)

/** The device's IANA time zone: every time on the chart is shown in it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** "UTC+8", "UTC-3:30", "UTC" for an offset east of UTC in minutes. */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC'
  const abs = Math.abs(minutes)
  const mm = abs % 60
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`
}

/**
 * The device's offset at a moment, without Intl: the page's first Intl date format loads ICU's
 * locale data, tens of milliseconds in one piece, which the chart's label need not wait for.
 */
export const deviceOffsetLabel = (at: number): string => offsetLabel(-new Date(at).getTimezoneOffset())

/** "UTC+8", "UTC-3:30", "UTC" for a zone at a moment (summer time included). */
export function utcOffsetLabel(timeZone: string, at: number): string {
  // The chart's head says it on every new candle: build the formatter once per zone.
  let offset = offsetFormats.get(timeZone)
  if (!offset) {
    offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormats.set(timeZone, offset)
  }
  const parts = offset.formatToParts(at)
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name)
  if (!m) return 'UTC'
  const [, sign, hh, mm] = m
  return offsetLabel((sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)))
}

/** Intl options for klinecharts' date templates (which encode the period and the place). */
function dateOptions(template: string, type: 'tooltip' | 'crosshair' | 'xAxis'): Intl.DateTimeFormatOptions {
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
  const day = { month: '2-digit', day: '2-digit' } as const
  if (template === 'HH:mm') return time
  if (template === 'MM-DD HH:mm') return { ...day, ...time }
  if (template === 'YYYY-MM-DD HH:mm')
    return type === 'xAxis' ? { ...day, ...time } : { year: 'numeric', ...day, ...time }
  if (template === 'YYYY-MM-DD') return type === 'xAxis' ? day : { year: 'numeric', ...day }
  if (template === 'YYYY-MM') return { year: 'numeric', month: '2-digit' }
  if (template === 'YYYY') return { year: 'numeric' }
  return { year: 'numeric', ...day, ...time, second: '2-digit' }
}

/**
 * Chart dates in the UI language ("23.11. 13:00" in de, "11/23 13:00" in en), for klinecharts'
 * formatter.formatDate: times in the device's zone, dates of calendar candles (day, week, month)
 * in the zone the server cuts them in.
 */
export function chartDateFormatter(locale: string, timeZone: string, calendarTimeZone: string) {
  const cache = new Map<string, Intl.DateTimeFormat>()
  return ({
    timestamp,
    template,
    type,
  }: {
    timestamp: number
    template: string
    type: 'tooltip' | 'crosshair' | 'xAxis'
  }) => {
    const key = `${template}|${type}`
    let f = cache.get(key)
    if (!f) {
      // A day, week or month candle is named by its date where the server cuts them: in Berlin
      // the 25 November candle (from 00:00 UTC+8) opens on the 24th at 17:00.
      const zone = template.includes('HH') ? timeZone : calendarTimeZone
      f = new Intl.DateTimeFormat(locale, { timeZone: zone, ...dateOptions(template, type) })
      cache.set(key, f)
    }
    return f.format(timestamp)
  }
}

/** Ticks whose label would stick out of the plot (the first one at the left edge) are dropped. */
export function ticksInside<T extends { coord: number; text: string }>(
  ticks: readonly T[],
  width: number,
  textWidth: (text: string) => number,
): T[] {
  return ticks.filter((t) => {
    const half = textWidth(t.text) / 2
    return t.coord - half >= 0 && t.coord + half <= width
  })
}
