import { i18n } from './i18n'

/**
 * The translated message for an error-catalogue key (the keys of common/api/errors.ts, in the errors
 * catalog), or the server's own text for a key the catalog does not have.
 */
export function translateError(key: string | undefined, fallback: string): string {
  return key && i18n.messages[key] !== undefined ? i18n._(key) : fallback
}
