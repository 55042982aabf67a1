import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LANG_CODES } from './common/i18n/languages'

// Locale ids are the spec's lang codes (tw, kor, jp...); Intl gets their BCP-47 form at runtime.
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANG_CODES],
  catalogs: [{ path: '<rootDir>/locales/{locale}', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  orderBy: 'messageId',
  // File names without line numbers: moving code does not churn every catalog.
  format: formatter({ lineNumbers: false }),
})
