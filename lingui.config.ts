import babel from '@lingui/cli/api/extractors/babel'
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LANG_CODES } from './common/i18n/languages'
import { CATALOG_AREAS } from './src/app/catalog-areas'
import { ERROR_SOURCE, errorCatalogExtractor } from './src/app/error-catalog'

// Areas with catalogs of their own, loaded when a route needs them (src/app/catalog-areas.ts, the
// one list of them), so the home route carries only the core messages. An area's `widgets/` folder
// holds what the home or Mine pages render, so those messages stay in the core catalog. The error
// catalogue is an area of its own below (one file, not a feature folder).
const AREAS = CATALOG_AREAS.filter((a) => a !== 'errors')
type Area = (typeof AREAS)[number]
const TESTS = '**/*.test.*'
const area = (a: string) => `<rootDir>/src/features/${a}`
// The error catalogue's messages, read from the server's catalogue itself (src/app/error-catalog.ts):
// loaded right after the first paint and before any other route, so the home route's core catalog
// does not carry them.
const ERRORS = `<rootDir>/${ERROR_SOURCE}`

// Shared kits and screens outside an area's folder whose messages belong to that area's catalog:
// each is shown only on routes that load the area (catalog-areas.ts), so the core catalog (the
// home route's) does not carry them. Globs of files.
const KITS: Partial<Record<Area, string[]>> = {
  // The form kit: every route with a form loads account (login, mine, assets, C2C, loans, work orders).
  account: ['<rootDir>/src/ui/form/**/*.*'],
  // The console kit and every product's console screens: every /admin route loads admin.
  admin: ['<rootDir>/src/ui/console/**/*.*', '<rootDir>/src/features/*/console/**/*.*'],
  // The trade kit's screens parts (book, pair picker, quote panels, layout): every route showing them
  // loads spot. The price figures and the connection strip are on home too: core.
  spot: ['<rootDir>/src/ui/trade/!(Price|ConnectionStatus).tsx'],
}
const KIT_FILES = Object.values(KITS).flat()
// Within an area's own folder, what another catalog takes: widgets (core) and the console (admin).
const notOwn = (a: Area) => [
  TESTS,
  `${area(a)}/widgets/**`,
  ...(a === 'admin' ? [] : [`${area(a)}/console/**`]),
]

// Locale ids are the spec's lang codes (tw, kor, jp...); Intl gets their BCP-47 form at runtime.
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANG_CODES],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [
        TESTS,
        ...KIT_FILES,
        ...AREAS.map((a) => `${area(a)}/!(widgets)/**`),
        ...AREAS.map((a) => `${area(a)}/*.*`),
      ],
    },
    { path: '<rootDir>/locales/errors/{locale}', include: [ERRORS], exclude: [] },
    // The server's notification texts (server/platform/notify/texts.ts reads these catalogs).
    {
      path: '<rootDir>/locales/push/server/{locale}',
      include: ['<rootDir>/server/modules/*/push-texts.ts', '<rootDir>/server/modules/push/texts.ts'],
      exclude: [],
    },
    ...AREAS.map((a) => ({
      path: `<rootDir>/locales/${a}/{locale}`,
      include: [area(a), ...(KITS[a] ?? [])],
      exclude: notOwn(a),
    })),
  ],
  orderBy: 'messageId',
  extractors: [errorCatalogExtractor, babel],
  // File names without line numbers: moving code does not churn every catalog.
  format: formatter({ lineNumbers: false }),
})
