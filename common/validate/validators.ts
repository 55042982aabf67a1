import { fromNumber, gt, gte, isDecimalString, lte } from '../money/decimal'

/**
 * Generic validators (docs/spec.md section 5). Text validators take `unknown` so raw form and query
 * values can be passed directly; anything that is not a string is invalid. No trimming here.
 */

const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_RE.test(value)
}

export function isMainlandMobile(value: unknown): boolean {
  return typeof value === 'string' && /^1[3-9]\d{9}$/.test(value)
}

export function isUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
  return days !== undefined && d >= 1 && d <= days
}

/** yyyy-mm-dd or yyyy/mm/dd (one separator style), and a real calendar date. */
export function isDate(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const m = /^(\d{4})([-/])(\d{2})\2(\d{2})$/.exec(value)
  return m !== null && isCalendarDate(Number(m[1]), Number(m[3]), Number(m[4]))
}

/** Signed decimal: "12", "-0.5", "+3.25". */
export function isNumber(value: unknown): boolean {
  return typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value)
}

export function isDigits(value: unknown): boolean {
  return typeof value === 'string' && /^\d+$/.test(value)
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** Mainland resident ID: 18 characters with GB 11643 checksum (X may be lower case), or legacy 15 digits. */
export function isIdCard(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const v = value.toUpperCase()
  if (/^[1-9]\d{14}$/.test(v)) {
    return isCalendarDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)))
  }
  if (!/^[1-9]\d{16}[\dX]$/.test(v)) return false
  const year = Number(v.slice(6, 10))
  if (year < 1800 || !isCalendarDate(year, Number(v.slice(10, 12)), Number(v.slice(12, 14)))) return false
  const total = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0)
  return ID_CHECK[total % 11] === v[17]
}

/** null, undefined, a blank string or an empty array. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  return Array.isArray(value) && value.length === 0
}

type Numeric = string | number

function toDecimal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? fromNumber(value) : null
  if (typeof value !== 'string') return null
  const s = value.startsWith('+') ? value.slice(1) : value
  return isDecimalString(s) ? s : null
}

/** min <= value <= max, compared exactly as decimals. Invalid values are out of range. */
export function inRange(value: unknown, min: Numeric, max: Numeric): boolean {
  const v = toDecimal(value)
  const lo = toDecimal(min)
  const hi = toDecimal(max)
  if (lo === null || hi === null) throw new Error(`Invalid range: ${min}..${max}`)
  return v !== null && gte(v, lo) && lte(v, hi)
}

/** Length in Unicode code points (an emoji counts once), inclusive bounds. */
export function lengthInRange(value: unknown, min: number, max: number): boolean {
  if (typeof value !== 'string') return false
  const n = [...value].length
  return n >= min && n <= max
}

/** Positive amount: integer part with up to 10 decimals, or "0." with up to 20 decimals. */
export function isAmount(value: unknown): boolean {
  if (typeof value !== 'string') return false
  if (!/^(0|[1-9]\d*)(\.\d{1,10})?$/.test(value) && !/^0\.\d{1,20}$/.test(value)) return false
  return gt(value, '0')
}

/** Exactly `n` ASCII digits, e.g. a verification code. */
export function isCode(value: unknown, n = 6): boolean {
  return typeof value === 'string' && value.length === n && /^\d+$/.test(value)
}
