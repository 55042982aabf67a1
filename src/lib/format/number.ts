import { numberSymbols } from '@common/i18n/number-symbols'
import { type DecimalString, format } from '@common/money/decimal'

/**
 * Pure number formatters for screens (useFormat binds them to the UI language). Values are
 * decimal strings; the digits are built by @common/money/decimal, never through floats.
 */

type PercentSign = 'auto' | 'always'

/**
 * A percentage given in percent units ("1.234" is 1.234 %), localized: "+1.23%" in en,
 * "+1,23 %" in de, "−1,23 %" in fi, "+%1,23" in tr. Rounded half-up to `dp` decimals (2 by
 * default); `sign: 'always'` puts a plus sign on positive values (zero never gets a sign).
 */
export function formatPercent(
  value: DecimalString,
  opts: { locale: string; dp?: number; sign?: PercentSign },
): string {
  const { locale, dp = 2, sign = 'auto' } = opts
  const digits = format(value, { dp, mode: 'half-up', locale })
  const sym = numberSymbols(locale)
  const negative = digits.startsWith(sym.minus)
  const body = negative ? digits.slice(sym.minus.length) : digits
  const zero = !/[1-9]/.test(body)
  const [plain, minus, plus] = sym.percent
  const pattern = negative && !zero ? minus : sign === 'always' && !negative && !zero ? plus : plain
  return pattern.replace('#', body)
}

/** Stablecoins shown like money: two decimals for balances and totals. */
const STABLECOINS = new Set(['USDT', 'USDC', 'DAI', 'FDUSD', 'TUSD', 'BUSD', 'USDP', 'PYUSD'])
/** Fiat currencies the app shows (display currency, C2C), with their ISO minor units via Intl. */
const FIAT = new Set(['USD', 'EUR', 'CNY', 'TWD', 'HKD', 'GBP', 'JPY', 'KRW', 'THB', 'VND', 'IDR', 'SGD'])
const MAX_DP = 8

/**
 * Decimals to show for a balance or total of `code`: stablecoins 2, fiat its ISO minor units
 * (JPY 0), any other coin the server's precision for it (asset.precision, e.g. BTC 8), at most 8;
 * 8 when the server's precision is not at hand.
 */
export function assetDp(code: string, precision?: number): number {
  const c = code.toUpperCase()
  if (STABLECOINS.has(c)) return 2
  if (FIAT.has(c)) {
    return new Intl.NumberFormat('en', { style: 'currency', currency: c }).resolvedOptions()
      .maximumFractionDigits as number
  }
  return Math.min(precision ?? MAX_DP, MAX_DP)
}

/**
 * A balance or total of `code` at its display precision, truncated so it is never overstated
 * ("24,883.97" USDT, "0.01234567" BTC).
 */
export function formatAsset(
  value: DecimalString,
  code: string,
  opts: { locale: string; precision?: number },
): string {
  return format(value, { dp: assetDp(code, opts.precision), mode: 'down', locale: opts.locale })
}

/** A price at the instrument's price precision (trailing zeros kept so columns line up). */
export function formatPrice(value: DecimalString, pricePrecision: number, locale: string): string {
  return format(value, { dp: pricePrecision, mode: 'half-up', locale })
}
