import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './languages'
import { intlNumberSymbols, numberSymbols, UI_NUMBER_SYMBOLS } from './number-symbols'

describe('number symbols of the UI languages', () => {
  it('has every UI language, each as Intl gives it', () => {
    for (const { bcp47 } of LANGUAGES) {
      expect(UI_NUMBER_SYMBOLS[bcp47], bcp47).toEqual(intlNumberSymbols(bcp47))
    }
  })

  it('asks Intl for a locale outside the table', () => {
    expect(numberSymbols('de-CH').group).toBe(intlNumberSymbols('de-CH').group)
    expect(numberSymbols('en-IN')).toMatchObject({ group: ',', decimal: '.' })
  })
})

describe('number symbols of a few languages', () => {
  it('knows each language its decimal sign and grouping', () => {
    expect(numberSymbols('en')).toMatchObject({ decimal: '.', group: ',' })
    expect(numberSymbols('de')).toMatchObject({ decimal: ',', group: '.' })
    expect(numberSymbols('fi').decimal).toBe(',')
    expect(numberSymbols('fi').group).toMatch(/\s/)
  })
})
