import { getTimezoneOffset } from 'date-fns-tz'
import { DEFAULT_TIMEZONE, dayStart } from '../time/time'

/** Chart periods (docs/spec.md section 9: minute, hour, day, week, month), shortest first. */
export const PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W', '1M'] as const
export type Period = (typeof PERIODS)[number]

const MIN = 60_000
const DAY = 24 * 60 * MIN
const FIXED_MS: Partial<Record<Period, number>> = {
  '1m': MIN,
  '5m': 5 * MIN,
  '15m': 15 * MIN,
  '30m': 30 * MIN,
  '1h': 60 * MIN,
  '4h': 240 * MIN,
}

export function isPeriod(p: unknown): p is Period {
  return typeof p === 'string' && (PERIODS as readonly string[]).includes(p)
}

/**
 * Start (epoch ms) of the candle of `period` containing `ts`. Intraday periods align to local
 * time in `tz` (4h candles open at 00:00, 04:00... local); days open at local midnight, weeks on
 * Monday 00:00, months on the 1st at 00:00 — all in `tz`, Asia/Shanghai by default.
 */
export function bucketStart(ts: number, period: Period, tz = DEFAULT_TIMEZONE): number {
  const fixed = FIXED_MS[period]
  const off = getTimezoneOffset(tz, ts)
  if (fixed !== undefined) return Math.floor((ts + off) / fixed) * fixed - off
  const day = dayStart(ts, tz)
  if (period === '1D') return day
  // A Date whose UTC fields are the local calendar date in tz.
  const local = new Date(ts + off)
  if (period === '1W') {
    const daysSinceMonday = (local.getUTCDay() + 6) % 7
    return dayStart(day - daysSinceMonday * DAY + DAY / 2, tz)
  }
  const firstNoon = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1, 12)
  return dayStart(firstNoon - getTimezoneOffset(tz, firstNoon), tz)
}

/** Start of the candle that follows the one starting at `start`. */
export function nextBucket(start: number, period: Period, tz = DEFAULT_TIMEZONE): number {
  const fixed = FIXED_MS[period]
  if (fixed !== undefined) return start + fixed
  if (period === '1D') return dayStart(start + DAY + DAY / 2, tz)
  if (period === '1W') return dayStart(start + 7 * DAY + DAY / 2, tz)
  return bucketStart(start + 32 * DAY, '1M', tz)
}

/** Length of an intraday period in ms; null for calendar periods (day, week, month). */
export function periodMs(period: Period): number | null {
  return FIXED_MS[period] ?? null
}
