/**
 * The 15 languages. `code` is what the spec sends in the `lang` header and stores;
 * `bcp47` is what Intl and <html lang> need.
 */
export const LANGUAGES = [
  { code: 'tw', bcp47: 'zh-TW', native: '繁體中文' },
  { code: 'en', bcp47: 'en', native: 'English' },
  { code: 'kor', bcp47: 'ko', native: '한국어' },
  { code: 'jp', bcp47: 'ja', native: '日本語' },
  { code: 'de', bcp47: 'de', native: 'Deutsch' },
  { code: 'fra', bcp47: 'fr', native: 'Français' },
  { code: 'spa', bcp47: 'es', native: 'Español' },
  { code: 'it', bcp47: 'it', native: 'Italiano' },
  { code: 'ukr', bcp47: 'uk', native: 'Українська' },
  { code: 'swe', bcp47: 'sv', native: 'Svenska' },
  { code: 'fin', bcp47: 'fi', native: 'Suomi' },
  { code: 'pl', bcp47: 'pl', native: 'Polski' },
  { code: 'pt', bcp47: 'pt', native: 'Português' },
  { code: 'tr', bcp47: 'tr', native: 'Türkçe' },
  { code: 'zh', bcp47: 'zh-CN', native: '简体中文' },
] as const

export type LangCode = (typeof LANGUAGES)[number]['code']
export const DEFAULT_LANG: LangCode = 'tw'
export const LANG_CODES: readonly LangCode[] = LANGUAGES.map((l) => l.code)

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && (LANG_CODES as readonly string[]).includes(value)
}

export function toBcp47(code: LangCode): string {
  return LANGUAGES.find((l) => l.code === code)?.bcp47 ?? 'zh-TW'
}

/** A request's `lang` header, falling back to the default for anything unknown. */
export function parseLang(value: unknown): LangCode {
  return isLangCode(value) ? value : DEFAULT_LANG
}
