import { LANGUAGES, type LangCode } from '@common/i18n/languages'
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max'

export interface CountryDto {
  code: string
  dialCode: string
  flag: string
  name: Record<LangCode, string>
}

/** Regional-indicator emoji from an ISO 3166 alpha-2 code. */
export function flagEmoji(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
}

let cached: CountryDto[] | null = null

/**
 * Every region with a telephone numbering plan (libphonenumber's metadata) with its name in
 * each of the 15 languages from ICU (Intl.DisplayNames), so no hand-kept table drifts.
 * Sorted by English name; computed once per process.
 */
export function countryList(): CountryDto[] {
  if (cached) return cached
  const namers = LANGUAGES.map((l) => [l.code, new Intl.DisplayNames([l.bcp47], { type: 'region' })] as const)
  const list = getCountries().map((code) => {
    const name = {} as Record<LangCode, string>
    for (const [lang, namer] of namers) name[lang] = namer.of(code) ?? code
    return { code, dialCode: `+${getCountryCallingCode(code)}`, flag: flagEmoji(code), name }
  })
  list.sort((a, b) => a.name.en.localeCompare(b.name.en, 'en'))
  cached = list
  return list
}
