import { type DateFields, deviceOffset, formatDate } from '@common/i18n/date-patterns'
import type { Period } from '@common/market/periods'
import { DEFAULT_TIMEZONE_OFFSET } from '@common/time/time'

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

/** "UTC+8", "UTC-3:30", "UTC" for an offset east of UTC in minutes. */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC'
  const abs = Math.abs(minutes)
  const mm = abs % 60
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`
}

/** The device's offset at a moment, summer time included (the chart's times are in its zone). */
export const deviceOffsetLabel = (at: number): string => offsetLabel(deviceOffset(at))

/** The fields klinecharts' date templates (which encode the period and the place) show. */
function templateFields(template: string, type: 'tooltip' | 'crosshair' | 'xAxis'): DateFields {
  if (template === 'HH:mm') return 'hm'
  if (template === 'MM-DD HH:mm') return 'mdhm'
  if (template === 'YYYY-MM-DD HH:mm') return type === 'xAxis' ? 'mdhm' : 'ymdhm'
  if (template === 'YYYY-MM-DD') return type === 'xAxis' ? 'md' : 'ymd'
  if (template === 'YYYY-MM') return 'ym'
  if (template === 'YYYY') return 'y'
  return 'ymdhms'
}

/**
 * Chart dates in the UI language ("23.11. 13:00" in de, "11/23 13:00" in en), for klinecharts'
 * formatter.formatDate: times at the device's offset, dates of calendar candles (day, week, month)
 * at the offset the server cuts them at. Offsets are minutes east of UTC at an instant.
 */
export function chartDateFormatter(
  locale: string,
  timeOffset: (ms: number) => number = deviceOffset,
  calendarOffset: (ms: number) => number = () => DEFAULT_TIMEZONE_OFFSET,
) {
  return ({
    timestamp,
    template,
    type,
  }: {
    timestamp: number
    template: string
    type: 'tooltip' | 'crosshair' | 'xAxis'
  }) => {
    // A day, week or month candle is named by its date where the server cuts them: in Berlin
    // the 25 November candle (from 00:00 UTC+8) opens on the 24th at 17:00.
    const offset = template.includes('HH') ? timeOffset(timestamp) : calendarOffset(timestamp)
    return formatDate(timestamp, offset, locale, templateFields(template, type))
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

/**
 * klinecharts draws the main indicators' legend (MA5 … MA60) over the top of the candle pane, and
 * the range's high-price mark above the highest candle: without room they overlap. The room, in
 * pixels, above the highest candle: a margin, legend rows (two per indicator on a phone, one on a
 * wide screen) and the mark's text.
 */
export function candleHeadroom(mainCount: number, width: number): number {
  const rowsPer = width >= 600 ? 1 : 2
  return 8 + mainCount * rowsPer * 18 + 16
}

/**
 * The candle y-axis' top gap that leaves `room` pixels above the highest candle in a pane `height`
 * pixels high. klinecharts widens the range by gap/height above (gap in pixels when >= 1) and by
 * `bottomRate` below, so the free part on top is gap / (1 + bottomRate + gap/height) of the height
 * in pixels. Capped so the candles keep at least 40 % of the pane.
 */
export function candleTopGap(room: number, height: number, bottomRate = 0.1): number {
  if (height <= 0) return room
  const share = Math.min(room / height, 0.6)
  return Math.max(1, ((1 + bottomRate) * share * height) / (1 - share))
}
