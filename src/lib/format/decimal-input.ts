/**
 * Amount fields in the UI language's own number format. State stays canonical ("1234.5", the
 * wire format); the field shows "1234,5" in de or fi while the user types (no grouping then, so
 * the caret never jumps) and "1.234,5" once it loses focus, like the figures around it.
 */

const cache = new Map<string, { decimal: string; group: string }>()

/** The locale's decimal sign and grouping separator. */
export function separators(locale: string): { decimal: string; group: string } {
  let s = cache.get(locale)
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6)
    s = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    }
    cache.set(locale, s)
  }
  return s
}

/** Canonical text -> what the field shows; anything that is not a plain decimal is left as it is. */
export function toFieldText(value: string, locale: string, grouped = false): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value)
  if (!m) return value
  const { decimal, group } = separators(locale)
  const [, sign, int = '', frac] = m
  const digits = grouped ? int.replace(/\B(?=(\d{3})+(?!\d))/g, group) : int
  return `${sign}${digits}${frac === undefined ? '' : `${decimal}${frac}`}`
}

/**
 * What the user typed -> canonical text. The locale's decimal sign and "." both mean the decimal
 * point; spaces (the grouping of fi, fr, pl...) are dropped. A "," or "." that could be grouping is
 * never dropped: "1.234,5" pasted in de reads as an invalid number, not as 1.2345 or 12345, so the
 * form refuses it instead of trading another amount than the one meant.
 */
export function fromFieldText(text: string, locale: string): string {
  const { decimal, group } = separators(locale)
  let out = ''
  for (const ch of text.trim()) {
    if (ch === decimal) out += '.'
    else if (/\s/.test(ch) || (ch === group && ch !== '.' && ch !== ',')) continue
    else out += ch
  }
  return out
}
