import { toBcp47 } from '@common/i18n/languages'
import { type FormatOptions, format } from '@common/money/decimal'
import { relativeTime, type Timestamp } from '@common/time/time'
import { useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { langAtom } from '@/app/store'
import { formatRelativeTime } from './relative-time'

/** Locale-aware formatters for screens: amounts from decimal strings, relative times. */
export function useFormat() {
  const { t } = useLingui()
  const locale = toBcp47(useAtomValue(langAtom))
  const justNow = t`just now`
  const amount = useCallback(
    (value: string, opts: Omit<FormatOptions, 'locale'> = {}) => format(value, { ...opts, locale }),
    [locale],
  )
  const ago = useCallback(
    (ts: Timestamp, now = Date.now()) => formatRelativeTime(relativeTime(ts, now), locale, justNow),
    [locale, justNow],
  )
  return { locale, amount, ago }
}
