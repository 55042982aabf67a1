import { numberSymbols } from '@common/i18n/number-symbols'

/**
 * Amount fields in the UI language's own number format. State stays canonical ("1234.5", the
 * wire format); the field shows "1234,5" in de or fi, with the decimal sign of the figures
 * around it.
 */

/** Canonical text -> what the field shows; anything that is not a plain decimal is left as it is. */
export function toFieldText(value: string, locale: string): string {
  if (!/^-?\d*(\.\d*)?$/.test(value)) return value
  return value.replace('.', numberSymbols(locale).decimal)
}

/**
 * What the user typed -> canonical text. The locale's decimal sign and "." both mean the decimal
 * point; spaces (the grouping of fi, fr, pl...) are dropped. A "," or "." that could be grouping is
 * never dropped: "1.234,5" pasted in de reads as an invalid number, not as 1.2345 or 12345, so the
 * form refuses it instead of trading another amount than the one meant.
 */
export function fromFieldText(text: string, locale: string): string {
  const { decimal, group } = numberSymbols(locale)
  let out = ''
  for (const ch of text.trim()) {
    if (ch === decimal) out += '.'
    else if (/\s/.test(ch) || (ch === group && ch !== '.' && ch !== ',')) continue
    else out += ch
  }
  return out
}
