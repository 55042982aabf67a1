import { describe, expect, it } from 'vitest'
import {
  DATE_FIELDS,
  type DateFields,
  datePattern,
  formatDate,
  intlDatePattern,
  UI_DATE_PATTERNS,
} from './date-patterns'
import { LANGUAGES } from './languages'

// Chromium's ICU (the table's source) and Node's differ in the kind of space zh-TW puts before
// the time; the fields, their order and every other sign must agree.
const spaces = (s: string) => s.replace(/\s/g, ' ')

describe('date patterns of the UI languages', () => {
  it('has every UI language and field set, each as Intl gives it', () => {
    for (const { bcp47 } of LANGUAGES)
      for (const f of Object.keys(DATE_FIELDS) as DateFields[])
        expect(spaces(UI_DATE_PATTERNS[bcp47]?.[f] ?? ''), `${bcp47} ${f}`).toBe(
          spaces(intlDatePattern(bcp47, f)),
        )
  })

  it('formats like Intl at any offset, across a year and a date line', () => {
    // Offsets as Intl knows them, summer time included (St John's: -3:30, -2:30 from March).
    const offset = (timeZone: string, ms: number) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(ms)
        .find((part) => part.type === 'timeZoneName')?.value
      const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
      return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
    }
    const zones = ['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Kiritimati']
    const instants = [
      Date.UTC(2026, 0, 1, 0, 0, 0),
      Date.UTC(2026, 6, 8, 23, 59, 59),
      Date.UTC(2026, 11, 31, 22, 30, 5),
    ]
    for (const locale of ['de', 'en', 'fi', 'ko', 'zh-TW'])
      for (const timeZone of zones)
        for (const ms of instants)
          for (const f of ['hms', 'mdhm', 'ymd', 'ymdhms', 'ym'] as const) {
            const intl = new Intl.DateTimeFormat(locale, { timeZone, ...DATE_FIELDS[f] }).format(ms)
            expect(
              spaces(formatDate(ms, offset(timeZone, ms), locale, f)),
              `${locale} ${timeZone} ${f}`,
            ).toBe(spaces(intl))
          }
  })

  it('asks Intl for a locale outside the table', () => {
    expect(datePattern('en-GB', 'ymd')).toBe('{d}/{M}/{y}')
    expect(formatDate(Date.UTC(2026, 10, 26, 13, 5), 0, 'en-GB', 'ymd')).toBe('26/11/2026')
  })
})
