import BigLib, { type Big } from 'big.js'
import { numberSymbols } from '../i18n/number-symbols'

/**
 * The one money module: exact decimal arithmetic on plain decimal strings ("-12.5").
 * Never pass money through JS numbers. Results are normalized (no trailing zeros, no "-0")
 * and never use exponential notation.
 */
export type DecimalString = string
export type RoundingMode = 'down' | 'up' | 'half-up' | 'half-even'

// A private constructor so the global Big config stays untouched for other code.
const B = BigLib()
B.NE = -1e6
B.PE = 1e6

const RM = { down: 0, 'half-up': 1, 'half-even': 2, up: 3 } as const
const DECIMAL_RE = /^-?\d+(\.\d+)?$/

export function isDecimalString(s: unknown): s is DecimalString {
  return typeof s === 'string' && DECIMAL_RE.test(s)
}

function checked(a: DecimalString): DecimalString {
  if (!isDecimalString(a)) throw new Error(`Invalid decimal string: ${JSON.stringify(a)}`)
  return a
}

function big(a: DecimalString): Big {
  return new B(checked(a))
}

// Fast paths (the ledger and the matching engine call these per posting): text already in
// normal form, and zero, are recognised without building a Big.
/** No leading zeros, no trailing fractional zeros (and "-0" is excluded separately). */
const NORMAL_RE = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/
const ZERO_RE = /^-?0+(?:\.0+)?$/

function checkDp(dp: number): number {
  if (!Number.isInteger(dp) || dp < 0 || dp > 1e6) throw new Error(`Invalid decimal places: ${dp}`)
  return dp
}

function out(x: Big): DecimalString {
  const s = x.toString()
  return s === '-0' ? '0' : s
}

/** Fixed-point text, with "-0.00" folded to "0.00". */
function fixed(x: Big, dp: number, mode: RoundingMode): DecimalString {
  const s = x.toFixed(checkDp(dp), RM[mode])
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s
}

/** Converts a finite JS number (e.g. an integer count) to a decimal string. */
export function fromNumber(n: number): DecimalString {
  if (!Number.isFinite(n)) throw new Error(`Invalid number: ${n}`)
  return out(new B(n))
}

/*
 * Integer fast path: the ledger posts, the engine settles and the screens compare amounts of a
 * few digits, far inside a double's exact integers. Such a value is read as an integer count of
 * its last decimal place (no Big); the sum, difference, product or comparison of two is exact
 * while each integer has at most 15 digits (2^53 is about 9 * 10^15). Anything longer goes to
 * big.js; the tests hold both paths equal.
 */
const MAX_DIGITS = 15

/** A decimal text as [integer count of its last place, its places, its digits]. */
function units(a: string): [number, number, number] {
  const p = a.indexOf('.')
  const x = p < 0 ? a : a.slice(0, p) + a.slice(p + 1)
  return [Number(x), p < 0 ? 0 : a.length - p - 1, x.length - (a[0] === '-' ? 1 : 0)]
}

/** Both as counts of the finer one's last place; null when either would pass 15 digits. */
function aligned(a: string, b: string): [number, number, number] | null {
  const [x, sx, dx] = units(a)
  const [y, sy, dy] = units(b)
  const s = Math.max(sx, sy)
  if (dx + s - sx > MAX_DIGITS || dy + s - sy > MAX_DIGITS) return null
  return [x * 10 ** (s - sx), y * 10 ** (s - sy), s]
}

/** Normal text of the integer `n` counted in 10^-scale ("-1250", 3 -> "-1.25"). */
function unscaled(n: number, scale: number): DecimalString {
  let t = String(Math.abs(n)).padStart(scale + 1, '0')
  if (scale > 0) t = `${t.slice(0, -scale)}.${t.slice(-scale)}`.replace(/\.?0+$/, '')
  return n < 0 ? `-${t}` : t
}

export function add(a: DecimalString, b: DecimalString): DecimalString {
  const q = aligned(checked(a), checked(b))
  return q ? unscaled(q[0] + q[1], q[2]) : out(big(a).plus(big(b)))
}

export function sub(a: DecimalString, b: DecimalString): DecimalString {
  const q = aligned(checked(a), checked(b))
  return q ? unscaled(q[0] - q[1], q[2]) : out(big(a).minus(big(b)))
}

export function mul(a: DecimalString, b: DecimalString): DecimalString {
  const [x, sx, dx] = units(checked(a))
  const [y, sy, dy] = units(checked(b))
  return dx + dy <= MAX_DIGITS ? unscaled(x * y, sx + sy) : out(big(a).times(big(b)))
}

/** Division rounded to `dp` places with `mode` (a single rounding, no double-rounding). */
export function div(
  a: DecimalString,
  b: DecimalString,
  dp: number,
  mode: RoundingMode = 'half-up',
): DecimalString {
  const x = big(a)
  const y = big(b)
  if (y.eq(0)) throw new Error('Division by zero')
  B.DP = checkDp(dp)
  B.RM = RM[mode]
  return out(x.div(y))
}

export function cmp(a: DecimalString, b: DecimalString): -1 | 0 | 1 {
  const q = aligned(checked(a), checked(b))
  return q ? (q[0] < q[1] ? -1 : q[0] > q[1] ? 1 : 0) : (big(a).cmp(big(b)) as -1 | 0 | 1)
}
export const eq = (a: DecimalString, b: DecimalString): boolean => cmp(a, b) === 0
export const gt = (a: DecimalString, b: DecimalString): boolean => cmp(a, b) > 0
export const gte = (a: DecimalString, b: DecimalString): boolean => cmp(a, b) >= 0
export const lt = (a: DecimalString, b: DecimalString): boolean => cmp(a, b) < 0
export const lte = (a: DecimalString, b: DecimalString): boolean => cmp(a, b) <= 0
export const isZero = (a: DecimalString): boolean => ZERO_RE.test(checked(a))
export const isNegative = (a: DecimalString): boolean => checked(a).startsWith('-') && !ZERO_RE.test(a)
export const neg = (a: DecimalString): DecimalString => out(big(a).neg())
export const abs = (a: DecimalString): DecimalString => out(big(a).abs())
export const normalize = (a: DecimalString): DecimalString =>
  typeof a === 'string' && a !== '-0' && NORMAL_RE.test(a) ? a : out(big(a))

export function min(first: DecimalString, ...rest: DecimalString[]): DecimalString {
  return out(rest.reduce((m, x) => (big(x).lt(m) ? big(x) : m), big(first)))
}

export function max(first: DecimalString, ...rest: DecimalString[]): DecimalString {
  return out(rest.reduce((m, x) => (big(x).gt(m) ? big(x) : m), big(first)))
}

export function sum(list: readonly DecimalString[]): DecimalString {
  return out(list.reduce((s, x) => s.plus(big(x)), new B(0)))
}

/** Rounds to `dp` places; the result is normalized ("1.50" -> "1.5"). */
export function round(a: DecimalString, dp: number, mode: RoundingMode = 'half-up'): DecimalString {
  return out(big(a).round(checkDp(dp), RM[mode]))
}

/** Exactly `dp` decimals, never exponential. Defaults to truncation so balances are never overstated. */
export function toFixed(a: DecimalString, dp: number, mode: RoundingMode = 'down'): DecimalString {
  return fixedDigits(checked(a), checkDp(dp), mode)
}

/**
 * toFixed on the digits of the text itself, without building a Big: every figure the screens show
 * goes through here (lists, books, tickers each second), and this is several times cheaper. The
 * modes act on the magnitude, as big.js's do; the tests hold it equal to big.js.
 */
function fixedDigits(a: DecimalString, dp: number, mode: RoundingMode): DecimalString {
  const negative = a.startsWith('-')
  const body = negative ? a.slice(1) : a
  const point = body.indexOf('.')
  const int = point < 0 ? body : body.slice(0, point)
  const frac = point < 0 ? '' : body.slice(point + 1)
  let digits = int + frac.slice(0, dp).padEnd(dp, '0')
  const rest = frac.slice(dp)
  if (rest && roundsAway(rest, digits, mode)) digits = increment(digits)
  const whole = digits.slice(0, digits.length - dp).replace(/^0+(?=\d)/, '')
  const text = dp > 0 ? `${whole}.${digits.slice(digits.length - dp)}` : whole
  // "-0.00" is folded to "0.00".
  return negative && /[1-9]/.test(text) ? `-${text}` : text
}

/** Whether dropping `rest` (the digits after the kept ones) moves the kept digits away from zero. */
function roundsAway(rest: string, kept: string, mode: RoundingMode): boolean {
  switch (mode) {
    case 'down':
      return false
    case 'up':
      return /[1-9]/.test(rest)
    case 'half-up':
      return rest[0] !== undefined && rest[0] >= '5'
    case 'half-even': {
      const first = rest[0] ?? '0'
      if (first !== '5') return first > '5'
      if (/[1-9]/.test(rest.slice(1))) return true
      return Number(kept[kept.length - 1] ?? '0') % 2 === 1
    }
  }
}

/** Adds one unit in the last place to a string of digits ("199" -> "200", "99" -> "100"). */
function increment(digits: string): string {
  let i = digits.length - 1
  while (i >= 0 && digits[i] === '9') i--
  if (i < 0) return `1${'0'.repeat(digits.length)}`
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1)
}

/** Percent change from `from` to `to`, fixed to `dp` decimals; null when `from` is zero. */
export function pctChange(from: DecimalString, to: DecimalString, dp = 2): DecimalString | null {
  const f = big(from)
  if (f.eq(0)) return null
  B.DP = checkDp(dp)
  B.RM = RM['half-up']
  // Scale before dividing so the only rounding happens in div, at the wanted precision.
  return fixed(big(to).minus(f).times(100).div(f.abs()), dp, 'half-up')
}

export interface FormatOptions {
  /** Fixed decimals; omitted keeps the value's own decimals. */
  dp?: number
  mode?: RoundingMode
  grouping?: boolean
  /** BCP-47 tag for the separators. */
  locale?: string
}

/** Locale-aware display text built from the digits themselves, so no precision is lost. */
export function format(a: DecimalString, opts: FormatOptions = {}): string {
  const { dp, mode = 'down', grouping = true, locale = 'en' } = opts
  const text = dp === undefined ? normalize(a) : toFixed(a, dp, mode)
  const sym = numberSymbols(locale)
  const negative = text.startsWith('-')
  const [int = '', frac] = (negative ? text.slice(1) : text).split('.')
  const grouped = grouping && int.length >= sym.minGroup ? int.replace(/\B(?=(\d{3})+$)/g, sym.group) : int
  return (negative ? sym.minus : '') + grouped + (frac === undefined ? '' : sym.decimal + frac)
}
