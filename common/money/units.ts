/**
 * The one conversion between decimal strings and integer counts of 10^-dp units. The order book
 * matches in integer ticks and lots, market data (candles, tickers) and coin subscription
 * allocation count in integer units, so hot paths never touch floats. Exact both ways: a value
 * with more places than `dp` (beyond trailing zeros) is refused, never rounded.
 */

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/

/** "12.345" at 3 places -> 12345 (signed; a safe integer or a throw). */
export function toUnits(value: string, dp: number): number {
  const m = DECIMAL_RE.exec(value)
  if (!m) throw new Error(`Invalid decimal string: ${JSON.stringify(value)}`)
  const frac = (m[3] ?? '').padEnd(dp, '0')
  if (frac.length > dp && /[1-9]/.test(frac.slice(dp)))
    throw new Error(`${value} has more than ${dp} decimals`)
  const n = Number(`${m[2]}${frac.slice(0, dp)}`)
  if (!Number.isSafeInteger(n)) throw new Error(`${value} is out of range at ${dp} decimals`)
  return m[1] === '-' && n !== 0 ? -n : n
}

/** 12340 at 3 places -> "12.340": exactly `dp` places, as market data shows prices and volumes. */
export function fromUnitsFixed(units: number, dp: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`Not a safe integer: ${units}`)
  const digits = Math.abs(units)
    .toString()
    .padStart(dp + 1, '0')
  const int = digits.slice(0, digits.length - dp)
  const frac = dp > 0 ? `.${digits.slice(-dp)}` : ''
  return `${units < 0 ? '-' : ''}${int}${frac}`
}

/** 12340 at 3 places -> "12.34": normalized (no trailing zeros), as the order book's prices and sizes. */
export function fromUnits(units: number, dp: number): string {
  const fixed = fromUnitsFixed(units, dp)
  return dp > 0 ? fixed.replace(/\.?0+$/, '') : fixed
}

/** toUnits for amounts beyond 2^53 units (allocation over many commitments): "1.5" at 6 -> 1500000n. */
export function toBigUnits(s: string, dp: number): bigint {
  const neg = s.charCodeAt(0) === 45
  const t = neg ? s.slice(1) : s
  const dot = t.indexOf('.')
  const i = dot < 0 ? t : t.slice(0, dot)
  let f = dot < 0 ? '' : t.slice(dot + 1)
  if (f.length > dp) {
    if (/[^0]/.test(f.slice(dp))) throw new Error(`${s} has more than ${dp} decimals`)
    f = f.slice(0, dp)
  }
  const v = BigInt(f.length === dp ? i + f : i + f + '0'.repeat(dp - f.length))
  return neg ? -v : v
}

/** fromUnits for bigint units: normalized decimal text. */
export function fromBigUnits(u: bigint, dp: number): string {
  if (dp === 0) return u.toString()
  const neg = u < 0n
  let s = (neg ? -u : u).toString()
  if (s.length <= dp) s = '0'.repeat(dp + 1 - s.length) + s
  const cut = s.length - dp
  let end = s.length
  while (end > cut && s.charCodeAt(end - 1) === 48) end--
  const r = end > cut ? `${s.slice(0, cut)}.${s.slice(cut, end)}` : s.slice(0, cut)
  return neg ? `-${r}` : r
}
