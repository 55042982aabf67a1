import type { ExtractorType } from '@lingui/conf'
import { ERRORS } from '../../common/api/errors'

/**
 * The error catalogue's messages come from common/api/errors.ts itself: `lingui extract` runs this
 * extractor on that file (lingui.config.ts) and gets each code's key as a message id with its
 * English text as the message, so locales/errors holds one message per code and there is no copy
 * to keep equal. The catalog is translated and checked like the others (the build fails on a
 * missing translation), and CI fails when the build changes it: a new code comes with its
 * translations. The app never imports this file: it looks keys up in the loaded catalog
 * (error-messages.ts). The extractor reads the catalogue as imported with the config, not the
 * file's text, so `lingui extract --watch` sees a change after a restart.
 */
export const ERROR_SOURCE = 'common/api/errors.ts'

/** The errors catalog's messages: one per code, its key and English text. */
export function errorMessages(): { id: string; message: string }[] {
  return Object.values(ERRORS).map((e) => ({ id: e.key, message: e.en }))
}

export const errorCatalogExtractor: ExtractorType = {
  match: (filename) => filename.replaceAll('\\', '/').endsWith(`/${ERROR_SOURCE}`),
  extract(filename, _code, onMessageExtracted) {
    for (const m of errorMessages()) onMessageExtracted({ ...m, origin: [filename, 1] })
  },
}
