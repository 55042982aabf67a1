import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LANG_CODES } from './common/i18n/languages'
import { CATALOG_AREAS } from './src/app/catalog-areas'

// Areas with catalogs of their own, loaded when a route needs them (src/app/catalog-areas.ts, the
// one list of them), so the home route carries only the core messages. An area's `widgets/` folder
// holds what the home or Mine pages render, so those messages stay in the core catalog. The error
// catalogue is an area of its own below (one file, not a feature folder).
const AREAS = CATALOG_AREAS.filter((a) => a !== 'errors')
const TESTS = '**/*.test.*'
const area = (a: string) => `<rootDir>/src/features/${a}`
// The error catalogue's messages: loaded right after the first paint and before any other route,
// so the home route's core catalog does not carry them.
const ERRORS = '<rootDir>/src/app/error-catalog.ts'

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
        ERRORS,
        ...AREAS.map((a) => `${area(a)}/!(widgets)/**`),
        ...AREAS.map((a) => `${area(a)}/*.*`),
      ],
    },
    { path: '<rootDir>/locales/errors/{locale}', include: [ERRORS], exclude: [] },
    ...AREAS.map((a) => ({
      path: `<rootDir>/locales/${a}/{locale}`,
      include: [area(a)],
      exclude: [TESTS, `${area(a)}/widgets/**`],
    })),
  ],
  orderBy: 'messageId',
  // File names without line numbers: moving code does not churn every catalog.
  format: formatter({ lineNumbers: false }),
})
