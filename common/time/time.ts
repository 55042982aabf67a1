import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'

export const DEFAULT_TIMEZONE = 'Asia/Shanghai'
/**
 * DEFAULT_TIMEZONE's offset in minutes east of UTC: China has kept UTC+8 all year since 1991. The
 * app names calendar candles with it instead of asking Intl (whose first date format is costly).
 */
export const DEFAULT_TIMEZONE_OFFSET = 8 * 60

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type Timestamp = number | string | Date

/**
 * Epoch milliseconds. Numbers (or numeric strings) of up to ten integer digits are seconds,
 * longer ones milliseconds; other strings are parsed as ISO dates. Throws on anything invalid.
 */
export function toMillis(ts: Timestamp): number {
  if (ts instanceof Date) return checked(ts.getTime(), ts)
  if (typeof ts === 'string') {
    const s = ts.trim()
    return /^-?\d+(\.\d+)?$/.test(s) ? fromNumber(Number(s), ts) : checked(Date.parse(s), ts)
  }
  return fromNumber(ts, ts)
}

/** Epoch ms of a database timestamp for the wire; null stays null. */
export function toMillisOrNull(ts: Timestamp | null): number | null {
  return ts === null ? null : toMillis(ts)
}

function fromNumber(n: number, raw: Timestamp): number {
  checked(n, raw)
  return Math.trunc(Math.abs(n)).toString().length <= 10 ? Math.round(n * 1000) : Math.round(n)
}

function checked(n: number, raw: Timestamp): number {
  if (!Number.isFinite(n)) throw new Error(`Invalid timestamp: ${JSON.stringify(raw)}`)
  return n
}

/** date-fns pattern (e.g. 'yyyy-MM-dd HH:mm:ss') rendered in `tz`. */
export function formatInZone(ts: Timestamp, pattern: string, tz = DEFAULT_TIMEZONE): string {
  return formatInTimeZone(toMillis(ts), tz, pattern)
}

/** Structured so the UI can translate it; `date` is yyyy-MM-dd in the zone. */
export type RelativeTime =
  | { unit: 'just-now'; value: 0 }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; value: number; date: string }

/**
 * docs/spec.md section 9: under 5 minutes "just now" (future times too), then whole minutes under an hour,
 * hours under a day, days up to and including 30 days, then a date. `value` is always the
 * elapsed count of that unit (whole days for 'date').
 */
export function relativeTime(
  ts: Timestamp,
  now: Timestamp = Date.now(),
  tz = DEFAULT_TIMEZONE,
): RelativeTime {
  const t = toMillis(ts)
  const diff = toMillis(now) - t
  if (diff < 5 * MINUTE) return { unit: 'just-now', value: 0 }
  if (diff < HOUR) return { unit: 'minutes', value: Math.floor(diff / MINUTE) }
  if (diff < DAY) return { unit: 'hours', value: Math.floor(diff / HOUR) }
  const days = Math.floor(diff / DAY)
  if (diff <= 30 * DAY) return { unit: 'days', value: days }
  return { unit: 'date', value: days, date: ymdInZone(t, tz) }
}

const ymdFormats = new Map<string, Intl.DateTimeFormat>()

/** yyyy-MM-dd of an instant in `tz`, with Intl alone (no date-fns locale data in the app bundle). */
export function ymdInZone(ms: number, tz = DEFAULT_TIMEZONE): string {
  let f = ymdFormats.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
    ymdFormats.set(tz, f)
  }
  const parts = Object.fromEntries(f.formatToParts(ms).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** Epoch ms of local midnight in `tz` on the day containing `ts` (daily candle boundary). */
export function dayStart(ts: Timestamp, tz = DEFAULT_TIMEZONE): number {
  const day = ymdInZone(toMillis(ts), tz)
  return fromZonedTime(`${day}T00:00:00`, tz).getTime()
}
