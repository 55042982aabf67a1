import type { DecimalString } from '@common/money/decimal'
import { useCallback } from 'react'
import { formatCompact } from './compact'
import { useLocale } from './use-format'

/** formatCompact in the UI language. */
export function useCompactFormat(): (value: DecimalString) => string {
  const locale = useLocale()
  return useCallback((value: DecimalString) => formatCompact(value, locale), [locale])
}
