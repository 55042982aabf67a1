/**
 * Exact fixed-point conversion between decimal strings and integer counts of 10^-dp units.
 * Market data hot paths (candle building, backfill) count in integer units so they never touch
 * floats; every value stays a safe integer and converts back to a decimal string digit by digit.
 */
export function toUnits(value: string, dp: number): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value)
  if (!m) throw new Error(`Invalid decimal string: ${JSON.stringify(value)}`)
  const frac = (m[3] ?? '').padEnd(dp, '0')
  if (frac.length > dp && /[1-9]/.test(frac.slice(dp)))
    throw new Error(`${value} has more than ${dp} decimals`)
  const n = Number(`${m[2]}${frac.slice(0, dp)}`)
  if (!Number.isSafeInteger(n)) throw new Error(`${value} is out of range at ${dp} decimals`)
  return m[1] === '-' && n !== 0 ? -n : n
}

export function fromUnits(units: number, dp: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`Not a safe integer: ${units}`)
  const neg = units < 0
  const digits = Math.abs(units)
    .toString()
    .padStart(dp + 1, '0')
  const int = digits.slice(0, digits.length - dp)
  const frac = dp > 0 ? digits.slice(-dp) : ''
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}
