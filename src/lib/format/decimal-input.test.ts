import { describe, expect, it } from 'vitest'
import { fromFieldText, toFieldText } from './decimal-input'

describe('amount fields in the UI language', () => {
  it('shows canonical values with the decimal sign of the language, at the same length', () => {
    expect(toFieldText('90446.4', 'de')).toBe('90446,4')
    expect(toFieldText('1234567.25', 'en')).toBe('1234567.25')
    expect(toFieldText('12.', 'de')).toBe('12,')
    expect(toFieldText('', 'de')).toBe('')
    expect(toFieldText('abc', 'de')).toBe('abc')
    expect(toFieldText('1.2.3', 'de')).toBe('1.2.3')
  })

  it('reads what people type back into canonical text', () => {
    expect(fromFieldText('90446,4', 'de')).toBe('90446.4')
    expect(fromFieldText('0,05', 'de')).toBe('0.05')
    expect(fromFieldText('0.05', 'de')).toBe('0.05')
    expect(fromFieldText('0.05', 'fi')).toBe('0.05')
    expect(fromFieldText('1\u00a0234,5', 'fi')).toBe('1234.5')
    expect(fromFieldText(' 12,5 ', 'fr')).toBe('12.5')
    expect(fromFieldText('1e5', 'en')).toBe('1e5')
  })

  it('never guesses between grouping and decimals: such text stays invalid for the form to refuse', () => {
    expect(fromFieldText('1.234,5', 'de')).toBe('1.234.5')
    expect(fromFieldText('1,234.5', 'en')).toBe('1,234.5')
  })

  it('reads back what it shows while typing, in every sample language', () => {
    for (const locale of [
      'en',
      'de',
      'fi',
      'fr',
      'tr',
      'zh-TW',
      'pl',
      'uk',
      'sv',
      'pt',
      'es',
      'it',
      'ja',
      'ko',
    ]) {
      for (const v of ['0', '0.5', '12.', '1234.5678', '1000000', '98765432.1']) {
        expect(fromFieldText(toFieldText(v, locale), locale)).toBe(v)
      }
    }
  })
})
