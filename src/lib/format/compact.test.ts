import { LANGUAGES } from '@common/i18n/languages'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCompact } from './compact'

describe('formatCompact', () => {
  it('writes a day volume short, in the language', () => {
    expect(formatCompact('1234567.89', 'en')).toBe('1.23M')
    expect(formatCompact('1234567.89', 'de')).toBe('1,23\u00a0Mio.')
    expect(formatCompact('123456', 'de')).toBe('123.456')
    expect(formatCompact('1234567.89', 'zh-TW')).toBe('123.46萬')
    expect(formatCompact('999.4', 'en')).toBe('999.4')
    expect(formatCompact('0', 'fi')).toBe('0')
  })

  it('carries a figure rounded up into the next step', () => {
    expect(formatCompact('999995', 'en')).toBe('1M')
    expect(formatCompact('999994.99', 'en')).toBe('999.99K')
    expect(formatCompact('999.995', 'en')).toBe('1K')
    expect(formatCompact('999999999.995', 'es')).toBe('1000\u00a0M')
  })

  it('is exact where a float is not (half-up on the written digits)', () => {
    expect(formatCompact('1005', 'en')).toBe('1.01K')
    expect(formatCompact('123456789012345678901.5', 'en')).toBe('123,456,789.01T')
  })

  // Intl formats a string as the exact decimal it writes (Intl.NumberFormat v3), so it is the
  // reference for every UI language, magnitude, sign and rounding carry.
  const decimal = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^(0|[1-9][0-9]{0,20})$/),
      fc.stringMatching(/^[0-9]{0,8}$/),
      fc.constantFrom(...LANGUAGES.map((l) => l.bcp47)),
    )
    .map(([negative, int, frac, locale]) => ({
      value: `${negative && /[1-9]/.test(int + frac) ? '-' : ''}${int}${frac ? `.${frac}` : ''}`,
      locale,
    }))
  const nines = fc
    .tuple(
      fc.integer({ min: 1, max: 18 }),
      fc.constantFrom('4', '5', '9'),
      fc.constantFrom(...LANGUAGES.map((l) => l.bcp47)),
    )
    .map(([n, last, locale]) => ({ value: `${'9'.repeat(n)}.99${last}`, locale }))

  it('writes what Intl writes, in every UI language', () => {
    fc.assert(
      fc.property(fc.oneof(decimal, nines), ({ value, locale }) => {
        const intl = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 })
        expect(formatCompact(value, locale)).toBe(intl.format(value as unknown as number))
      }),
      { numRuns: 3000 },
    )
  })

  it('asks Intl for a language outside the table', () => {
    expect(formatCompact('1234567', 'nl')).toBe(
      new Intl.NumberFormat('nl', { notation: 'compact', maximumFractionDigits: 2 }).format(1234567),
    )
  })
})
