import { toBcp47 } from '@common/i18n/languages'
import type { DecimalString } from '@common/money/decimal'
import { useAtomValue } from 'jotai'
import { useCallback } from 'react'
import { langAtom } from '@/app/store'
import { formatCompact } from './compact'

/** formatCompact in the UI language. */
export function useCompactFormat(): (value: DecimalString) => string {
  const locale = toBcp47(useAtomValue(langAtom))
  return useCallback((value: DecimalString) => formatCompact(value, locale), [locale])
}
