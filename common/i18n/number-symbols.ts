/**
 * The separators and percent patterns of the UI languages, as Intl (ICU) gives them. Building the
 * first Intl.NumberFormat of a page costs a mid-range phone about 90 ms in one piece (locale data),
 * inside the first screen's render; the 15 UI languages read them from this table instead, and any
 * other locale asks Intl once. number-symbols.test.ts checks the table against Intl.
 */
export interface NumberSymbols {
  group: string
  decimal: string
  minus: string
  /** Digits from which the integer part is grouped (es, it, pl leave "1234" as it is). */
  minGroup: number
  /** Percent patterns around "#": plain, negative, with a plus sign ("# %", "-# %", "+# %"). */
  percent: readonly [string, string, string]
}

const s = (
  group: string,
  decimal: string,
  minus: string,
  minGroup: number,
  percent: readonly [string, string, string],
): NumberSymbols => ({ group, decimal, minus, minGroup, percent })

export const UI_NUMBER_SYMBOLS: Readonly<Record<string, NumberSymbols>> = {
  'zh-TW': s(',', '.', '-', 4, ['#%', '-#%', '+#%']),
  en: s(',', '.', '-', 4, ['#%', '-#%', '+#%']),
  ko: s(',', '.', '-', 4, ['#%', '-#%', '+#%']),
  ja: s(',', '.', '-', 4, ['#%', '-#%', '+#%']),
  de: s('.', ',', '-', 4, ['#\u00a0%', '-#\u00a0%', '+#\u00a0%']),
  fr: s('\u202f', ',', '-', 4, ['#\u00a0%', '-#\u00a0%', '+#\u00a0%']),
  es: s('.', ',', '-', 5, ['#\u00a0%', '-#\u00a0%', '+#\u00a0%']),
  it: s('.', ',', '-', 5, ['#%', '-#%', '+#%']),
  uk: s('\u00a0', ',', '-', 4, ['#%', '-#%', '+#%']),
  sv: s('\u00a0', ',', '\u2212', 4, ['#\u00a0%', '\u2212#\u00a0%', '+#\u00a0%']),
  fi: s('\u00a0', ',', '\u2212', 4, ['#\u00a0%', '\u2212#\u00a0%', '+#\u00a0%']),
  pl: s('\u00a0', ',', '-', 5, ['#%', '-#%', '+#%']),
  pt: s('.', ',', '-', 4, ['#%', '-#%', '+#%']),
  tr: s('.', ',', '-', 4, ['%#', '-%#', '+%#']),
  'zh-CN': s(',', '.', '-', 4, ['#%', '-#%', '+#%']),
}

const asked = new Map<string, NumberSymbols>()

/** What Intl says for `locale` (the table's source, and the answer for locales outside it). */
export function intlNumberSymbols(locale: string): NumberSymbols {
  const nf = new Intl.NumberFormat(locale)
  const part = (n: number, type: string) => nf.formatToParts(n).find((p) => p.type === type)?.value
  const pattern = (negative: boolean, plus: boolean) =>
    new Intl.NumberFormat(locale, { style: 'percent', signDisplay: plus ? 'exceptZero' : 'auto' })
      .formatToParts(negative ? -0.5 : 0.5)
      .map((p) => (p.type === 'integer' ? '#' : p.value))
      .join('')
  return {
    group: part(1234567.5, 'group') ?? ',',
    decimal: part(1.5, 'decimal') ?? '.',
    minus: part(-1, 'minusSign') ?? '-',
    minGroup: part(1234, 'group') === undefined ? 5 : 4,
    percent: [pattern(false, false), pattern(true, false), pattern(false, true)],
  }
}

export function numberSymbols(locale: string): NumberSymbols {
  const known = UI_NUMBER_SYMBOLS[locale]
  if (known) return known
  let found = asked.get(locale)
  if (!found) {
    found = intlNumberSymbols(locale)
    asked.set(locale, found)
  }
  return found
}
