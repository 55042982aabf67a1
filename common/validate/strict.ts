import * as v from 'valibot'
import { isDate } from './validators'

/**
 * Strict building blocks for request schemas, console and user alike (issue 33): integers that
 * are integers, decimals within an asset's precision, known codes, real dates within a sane range
 * and bounded text. Nothing here reads a value with `Number()` first and asks questions later:
 * "0x10", "1e3", "0b101", "+10", " 7" and "" are refused as integers, never read as 16, 1000, 5,
 * 10 or 7.
 */

/** PostgreSQL's `integer` (int4): user numbers, sort orders and counts are stored in one. */
export const INT4_MAX = 2_147_483_647
/** Epoch milliseconds the platform accepts: 2000-01-01 up to (not including) 2100-01-01 UTC. */
export const MIN_TIME_MS = Date.UTC(2000, 0, 1)
export const MAX_TIME_MS = Date.UTC(2100, 0, 1)
/** Calendar years a date may name. */
export const MIN_YEAR = 2000
export const MAX_YEAR = 2099

/** A plain decimal integer string: an optional minus, no leading zeros, at most 15 digits. */
const INT_RE = /^-?(0|[1-9]\d{0,14})$/

/** Whether `s` is written as a plain decimal integer (see INT_RE). */
export const isPlainInt = (s: string): boolean => INT_RE.test(s) && s !== '-0'

/**
 * An integer in [min, max]: a JSON number that is an integer, or a plain decimal string ("30",
 * as query strings and forms send it). Out of range, fractional, hex, binary, exponent, a plus
 * sign, spaces, an empty string: all `key`.
 */
export const intIn = (min: number, max: number, key: string) =>
  v.pipe(
    v.union([v.number(key), v.string(key)], key),
    v.transform((x) => (typeof x === 'number' ? x : isPlainInt(x) ? Number(x) : Number.NaN)),
    v.number(key),
    v.integer(key),
    v.safeInteger(key),
    v.minValue(min, key),
    v.maxValue(max, key),
  )

/** A user's public number (users.uid, an int4). */
export const uidSchema = intIn(1, INT4_MAX, 'invalid_uid')

/** An epoch-ms time within the sane range (MIN_TIME_MS..MAX_TIME_MS), as a JSON integer. */
export const timeMsSchema = (key = 'invalid_time') =>
  v.pipe(v.number(key), v.integer(key), v.minValue(MIN_TIME_MS, key), v.maxValue(MAX_TIME_MS - 1, key))

/** `YYYY-MM-DD`, a real calendar date (no 2031-02-31), year MIN_YEAR..MAX_YEAR. */
export const calendarDateSchema = (key = 'invalid_date') =>
  v.pipe(
    v.string(key),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, key),
    v.check((s: string) => isDate(s), key),
    v.check((s) => {
      const y = Number(s.slice(0, 4))
      return y >= MIN_YEAR && y <= MAX_YEAR
    }, key),
  )

/**
 * Text of at most `max` characters after trimming (and at least `min`). Every text field of a
 * request is bounded: no 100 KB reason in the audit log.
 */
export const boundedText = (max: number, key: string, min = 0) =>
  v.pipe(v.string(key), v.trim(), v.minLength(min, key), v.maxLength(max, key))

/** An optional bounded text; '' when omitted. */
export const optionalText = (max: number, key: string) => v.optional(boundedText(max, key), '')

/** A row id as the API takes it: digits (no leading zero), as a string or a number; a string after. */
export const rowIdSchema = v.pipe(
  v.union([v.string('invalid_id'), v.number('invalid_id')]),
  v.transform(String),
  v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'),
)

/** An uploaded file's id (server/platform/content/images.ts). */
export const uploadIdSchema = v.pipe(v.string('invalid_id'), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid_id'))

/** Most characters of a reason an operator gives (the audit log keeps it). */
export const REASON_MAX = 200
/** A reason an operator must give: 2..200 characters. */
export const requiredReason = boundedText(REASON_MAX, 'invalid_reason', 2)
/** A reason an operator may give: up to 200 characters, '' when omitted. */
export const optionalReason = optionalText(REASON_MAX, 'invalid_reason')

/**
 * An asset code as written: 2..12 upper-case letters and digits, starting with a letter (so
 * never a number). Whether the asset exists is a question for the database: routes check it with
 * server/ledger/precision.ts (`checkAssetAmount`, `knownAsset`).
 */
export const assetCodeSchema = (key = 'invalid_asset') =>
  v.pipe(v.string(key), v.trim(), v.toUpperCase(), v.regex(/^[A-Z][A-Z0-9]{1,11}$/, key))

/** Decimal places of a decimal string ("1.50" has 2). */
export const decimalPlaces = (s: string): number => s.split('.')[1]?.length ?? 0

/**
 * A decimal string: at most `intDigits` digits before the point and `maxDp` after, no sign, no
 * exponent. With `positive`, zero is refused. An asset's own precision, known only at run time,
 * is checked by the route (server/ledger/precision.ts); `maxDp` bounds what any asset has.
 */
export const decimalSchema = (opts: {
  maxDp: number
  intDigits?: number
  positive?: boolean
  key?: string
}) => {
  const key = opts.key ?? 'invalid_number'
  const re = new RegExp(`^\\d{1,${opts.intDigits ?? 20}}(\\.\\d{1,${opts.maxDp}})?$`)
  return v.pipe(
    v.string(key),
    v.trim(),
    v.check((s) => /^\d+(\.\d+)?$/.test(s), key),
    v.check((s) => decimalPlaces(s) <= opts.maxDp, 'too_many_decimals'),
    v.regex(re, key),
    v.check((s) => !opts.positive || /[1-9]/.test(s), 'must_be_positive'),
  )
}

/** Most decimal places any asset has (asset.precision never exceeds it). */
export const MAX_ASSET_DP = 18
/** A positive amount of some asset: up to 20 integer digits and 18 decimals. */
export const assetAmountSchema = decimalSchema({ maxDp: MAX_ASSET_DP, positive: true, key: 'invalid_amount' })

/**
 * A form's integer field as a number, read as the server reads it: a plain decimal integer, else
 * NaN (sent as null, so refused with a field error), never "0x10" as 16.
 */
export const formInt = (s: string): number => (isPlainInt(s.trim()) ? Number(s.trim()) : Number.NaN)
