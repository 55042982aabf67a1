/**
 * Numeric dates and times of the UI languages ("26.11., 13:05" in de, "11/26, 13:05" in en), as
 * Chromium's Intl gives them. A page's first Intl.DateTimeFormat loads ICU's date data: 20-45 ms in
 * one piece on a mid-range phone, which the quote page's chart and trades paid in their first
 * frames. The 15 UI languages format from this table; any other locale asks Intl once per pattern.
 * date-patterns.test.ts checks the table against Intl.
 */

/** The pieces the field sets below are made of: a date's month and day, a time's hours and minutes. */
const MD = { month: '2-digit', day: '2-digit' } as const
const HM = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
const HMS = { ...HM, second: '2-digit' } as const
const Y = { year: 'numeric' } as const

/** The sets of fields the app shows: hours and minutes, month and day, with or without the year. */
export const DATE_FIELDS = {
  hm: HM,
  hms: HMS,
  md: MD,
  mdhm: { ...MD, ...HM },
  mdhms: { ...MD, ...HMS },
  ymd: { ...Y, ...MD },
  ymdhm: { ...Y, ...MD, ...HM },
  ymdhms: { ...Y, ...MD, ...HMS },
  ym: { ...Y, month: '2-digit' },
  y: Y,
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateFields = keyof typeof DATE_FIELDS

/**
 * A language's patterns from its parts: {y} {M} {d} {H} {m} {s} stand for the fields, two digits
 * each (but the year); {M1} and {d1} for a month or day without its leading zero (es "2/1"). In
 * every UI language a date and a time are joined the same way with or without the year.
 */
const p = (timeSep: string, md: string, ymd: string, join: string, ym: string, y: string) => {
  const hm = `{H}${timeSep}{m}`
  const hms = `${hm}${timeSep}{s}`
  return {
    hm,
    hms,
    md,
    mdhm: `${md}${join}${hm}`,
    mdhms: `${md}${join}${hms}`,
    ymd,
    ymdhm: `${ymd}${join}${hm}`,
    ymdhms: `${ymd}${join}${hms}`,
    ym,
    y,
  } satisfies Record<DateFields, string>
}

export const UI_DATE_PATTERNS: Readonly<Record<string, Readonly<Record<DateFields, string>>>> = {
  'zh-TW': p(':', '{M}/{d}', '{y}/{M}/{d}', ' ', '{y}/{M}', '{y}年'),
  en: p(':', '{M}/{d}', '{M}/{d}/{y}', ', ', '{M}/{y}', '{y}'),
  ko: p(':', '{M}. {d}.', '{y}. {M}. {d}.', ' ', '{y}. {M1}.', '{y}년'),
  ja: p(':', '{M}/{d}', '{y}/{M}/{d}', ' ', '{y}/{M}', '{y}年'),
  de: p(':', '{d}.{M}.', '{d}.{M}.{y}', ', ', '{M}/{y}', '{y}'),
  fr: p(':', '{d}/{M}', '{d}/{M}/{y}', ' ', '{M}/{y}', '{y}'),
  es: p(':', '{d1}/{M1}', '{d}/{M}/{y}', ', ', '{M1}/{y}', '{y}'),
  it: p(':', '{d}/{M}', '{d}/{M}/{y}', ', ', '{M}/{y}', '{y}'),
  uk: p(':', '{d}.{M}', '{d}.{M}.{y}', ', ', '{M}.{y}', '{y}'),
  sv: p(':', '{d}/{M}', '{y}-{M}-{d}', ' ', '{y}-{M}', '{y}'),
  fi: p('.', '{d}.{M}.', '{d}.{M}.{y}', ' klo ', '{M1}.{y}', '{y}'),
  pl: p(':', '{d}.{M}', '{d}.{M}.{y}', ', ', '{M}.{y}', '{y}'),
  pt: p(':', '{d}/{M}', '{d}/{M}/{y}', ', ', '{M}/{y}', '{y}'),
  tr: p(':', '{d}/{M}', '{d}.{M}.{y}', ' ', '{M}.{y}', '{y}'),
  'zh-CN': p(':', '{M}/{d}', '{y}/{M}/{d}', ' ', '{y}年{M1}月', '{y}年'),
}

const TOKENS: Record<string, string> = {
  year: 'y',
  month: 'M',
  day: 'd',
  hour: 'H',
  minute: 'm',
  second: 's',
}

/** What Intl says for `locale` (the table's source, and the answer for locales outside it). */
export function intlDatePattern(locale: string, fields: DateFields): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...DATE_FIELDS[fields] })
      // One digit in every field: a pattern that drops a leading zero shows it.
      .formatToParts(Date.UTC(2026, 0, 2, 3, 4, 5))
      .map((part) =>
        part.type === 'literal' || !TOKENS[part.type]
          ? part.value
          : `{${TOKENS[part.type]}${part.type !== 'year' && part.value.length === 1 ? '1' : ''}}`,
      )
      .join('')
  )
}

const asked = new Map<string, string>()

export function datePattern(locale: string, fields: DateFields): string {
  const known = UI_DATE_PATTERNS[locale]?.[fields]
  if (known) return known
  const key = `${locale}|${fields}`
  let found = asked.get(key)
  if (found === undefined) {
    found = intlDatePattern(locale, fields)
    asked.set(key, found)
  }
  return found
}

/** Minutes east of UTC of the device's zone at an instant (summer time included), without Intl. */
export const deviceOffset = (ms: number): number => -new Date(ms).getTimezoneOffset()

const two = (n: number) => String(n).padStart(2, '0')

/** An instant in the language's numeric pattern, at an offset of `offset` minutes east of UTC. */
export function formatDate(ms: number, offset: number, locale: string, fields: DateFields): string {
  const d = new Date(ms + offset * 60_000)
  const values: Record<string, number> = {
    y: d.getUTCFullYear(),
    M: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    H: d.getUTCHours(),
    m: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
  }
  return datePattern(locale, fields).replace(/\{([yMdHms])(1?)\}/g, (_, k: string, one: string) => {
    const v = values[k] ?? 0
    return k === 'y' || one ? String(v) : two(v)
  })
}
