import { compactStep, UI_COMPACT_PATTERNS } from '@common/i18n/compact-patterns'
import { numberSymbols } from '@common/i18n/number-symbols'
import { type DecimalString, toFixed } from '@common/money/decimal'

// Large figures in short form, apart from the other formatters: only the spot ticket and the market
// list show them, so home does not load the table.

/** 10-exponent of the leading digit of a non-negative decimal string ("123.4" 2, "0.05" -2, "0" 0). */
function magnitude(abs: DecimalString): number {
  const point = abs.indexOf('.')
  const int = (point < 0 ? abs : abs.slice(0, point)).replace(/^0+/, '')
  if (int) return int.length - 1
  const lead = point < 0 ? -1 : abs.slice(point + 1).search(/[1-9]/)
  return lead < 0 ? 0 : -(lead + 1)
}

/** A non-negative decimal string divided by 10^d, by moving its point. */
function shiftPoint(abs: DecimalString, d: number): DecimalString {
  if (d <= 0) return abs
  const point = abs.indexOf('.')
  const int = (point < 0 ? abs : abs.slice(0, point)).padStart(d + 1, '0')
  const frac = point < 0 ? '' : abs.slice(point + 1)
  return `${int.slice(0, int.length - d)}.${int.slice(int.length - d)}${frac}`
}

const intlCompact = new Map<string, Intl.NumberFormat>()

/**
 * A large figure in the locale's short form ("1.2M", "1,2 Mio.", "120萬"), at most two decimals
 * rounded half-up, for a day's volume beside the exact figures. Exact on the digits; the UI
 * languages' forms come from a table (building a compact Intl format is the costly part), as
 * Intl writes them. A figure rounded into the next step takes that step (999.995K is "1M").
 */
export function formatCompact(value: DecimalString, locale: string): string {
  const table = UI_COMPACT_PATTERNS[locale]
  if (!table) {
    let nf = intlCompact.get(locale)
    if (!nf) {
      nf = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 })
      intlCompact.set(locale, nf)
    }
    // A string is formatted as the exact decimal it writes (Intl.NumberFormat v3).
    return nf.format(value as unknown as number)
  }
  const negative = value.startsWith('-')
  const abs = negative ? value.slice(1) : value
  let step = compactStep(table, magnitude(abs))
  let shown = toFixed(shiftPoint(abs, step[1]), 2, 'half-up')
  const carried = compactStep(table, magnitude(shown) + step[1])
  if (carried !== step) {
    step = carried
    shown = toFixed(shiftPoint(abs, step[1]), 2, 'half-up')
  }
  const sym = numberSymbols(locale)
  const [int = '0', frac = ''] = shown.split('.')
  const decimals = frac.replace(/0+$/, '')
  // Compact figures group from five digits in every language ("1234K", "12,345K").
  const grouped = int.length >= 5 ? int.replace(/\B(?=(\d{3})+$)/g, sym.group) : int
  return (negative ? sym.minus : '') + grouped + (decimals ? sym.decimal + decimals : '') + step[2]
}
