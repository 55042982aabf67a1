import { DEFAULT_LANG, isLangCode, type LangCode, toBcp47 } from '@common/i18n/languages'
import { i18n, type Messages } from '@lingui/core'
import type { CatalogArea } from './catalog-areas'

// One chunk per language and area: a user downloads only the language they read, and the home
// route only the core messages (locales/<lang>.po); areas come from locales/<area>/<lang>.po.
const coreLoaders = import.meta.glob<{ messages: Messages }>('../../locales/*.po')
const loadedAreas = new Set<CatalogArea>()
// The language being activated: routes may load their areas while it is still on its way (boot
// loads the first route and the core catalog at once).
let target: LangCode | undefined

async function catalog(lang: LangCode, area?: CatalogArea): Promise<Messages> {
  // The area loaders are a table of 90 chunks the home route does not need: fetched on first use.
  const load = area
    ? (await import('./area-catalogs')).areaLoaders[`../../locales/${area}/${lang}.po`]
    : coreLoaders[`../../locales/${lang}.po`]
  if (!load) throw new Error(`missing catalog ${area ?? 'core'}/${lang}`)
  return (await load()).messages
}

/** Switches language: the core catalog and every area already in use, then one activation. */
export async function activateLang(code: LangCode): Promise<void> {
  const lang = isLangCode(code) ? code : DEFAULT_LANG
  target = lang
  const areas = [...loadedAreas]
  const [core, ...rest] = await Promise.all([catalog(lang), ...areas.map((a) => catalog(lang, a))])
  i18n.load(lang, { ...core, ...Object.assign({}, ...rest) })
  i18n.activate(lang)
  document.documentElement.lang = toBcp47(lang)
}

/** Makes sure the given areas' messages are loaded for the active language (route beforeLoad). */
export async function ensureAreas(areas: readonly CatalogArea[]): Promise<void> {
  const missing = areas.filter((a) => !loadedAreas.has(a))
  if (missing.length === 0) return
  const lang = target ?? (isLangCode(i18n.locale) ? i18n.locale : DEFAULT_LANG)
  const loaded = await Promise.all(missing.map((a) => catalog(lang, a)))
  for (const a of missing) loadedAreas.add(a)
  // The language may have changed meanwhile; activateLang then reloads every area anyway.
  if ((target ?? i18n.locale) === lang) i18n.load(lang, Object.assign({}, ...loaded))
}

export { i18n }

/**
 * The error messages for a route that renders without them (home, the market list): fetched once
 * the screen has painted, so they never delay the first paint.
 */
export function loadErrorsAfterPaint(): void {
  requestAnimationFrame(() => setTimeout(() => void ensureAreas(['errors']).catch(() => {}), 0))
}
