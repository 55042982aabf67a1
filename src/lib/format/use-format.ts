import { toBcp47 } from '@common/i18n/languages'
import { type FormatOptions, format } from '@common/money/decimal'
import { relativeTime, type Timestamp } from '@common/time/time'
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { langAtom } from '@/lib/store'
import { formatAsset, formatPercent, formatPrice } from './number'
import { formatRelativeTime } from './relative-time'

/** The UI language as a BCP-47 tag, for the formatters. */
export function useLocale(): string {
  return toBcp47(useAtomValue(langAtom))
}

/**
 * Locale-aware formatters for screens, in the UI language:
 * - amount(value, { dp }): a decimal string with the locale's grouping and decimal mark;
 * - price(value, pricePrecision): a price at the instrument's precision ("86,000.10");
 * - asset(value, code, precision?): a balance or total at the coin's display precision
 *   (USDT 2, BTC the server's 8), truncated;
 * - percent(value, { dp, sign }): a value in percent units ("1.23" -> "+1,23 %" in de);
 * - ago(ts): relative time ("3 minutes ago").
 */
export function useFormat() {
  const { t } = useLingui()
  const locale = useLocale()
  const justNow = t`just now`
  const amount = useCallback(
    (value: string, opts: Omit<FormatOptions, 'locale'> = {}) => format(value, { ...opts, locale }),
    [locale],
  )
  const price = useCallback(
    (value: string, pricePrecision: number) => formatPrice(value, pricePrecision, locale),
    [locale],
  )
  const asset = useCallback(
    (value: string, code: string, precision?: number) => formatAsset(value, code, { locale, precision }),
    [locale],
  )
  const percent = useCallback(
    (value: string, opts: { dp?: number; sign?: 'auto' | 'always' } = {}) =>
      formatPercent(value, { ...opts, locale }),
    [locale],
  )
  const ago = useCallback(
    (ts: Timestamp, now = Date.now()) => formatRelativeTime(relativeTime(ts, now), locale, justNow),
    [locale, justNow],
  )
  return { locale, amount, price, asset, percent, ago }
}
