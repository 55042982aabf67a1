import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LANG_CODES } from './common/i18n/languages'

// Areas with catalogs of their own, loaded when a route needs them (src/app/catalog-areas.ts),
// so the home route carries only the core messages. An area's `widgets/` folder holds what the
// home or Mine pages render, so those messages stay in the core catalog.
const AREAS = ['account', 'assets', 'spot', 'admin', 'content', 'push']
const TESTS = '**/*.test.*'
const area = (a: string) => `<rootDir>/src/features/${a}`

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
        ...AREAS.map((a) => `${area(a)}/!(widgets)/**`),
        ...AREAS.map((a) => `${area(a)}/*.*`),
      ],
    },
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
