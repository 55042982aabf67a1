import * as v from 'valibot'
import { LANG_CODES } from '../i18n/languages'
import { isAmount, isCode, isEmail, isMainlandMobile } from './validators'

/**
 * Valibot building blocks. Messages are stable keys that the client translates, never prose.
 * Text inputs are trimmed before checking, so the parsed output is trimmed too.
 */

const trimmed = (check: (s: string) => boolean, message: string) =>
  v.pipe(v.string(message), v.trim(), v.check(check, message))

export const emailSchema = trimmed(isEmail, 'invalid_email')
export const mainlandMobileSchema = trimmed(isMainlandMobile, 'invalid_mobile')
/** A positive decimal string (see isAmount); stays a string so no precision is lost. */
export const amountSchema = trimmed(isAmount, 'invalid_amount')
export const codeSchema = (n = 6) => trimmed((s) => isCode(s, n), 'invalid_code')
export const langSchema = v.picklist(LANG_CODES, 'invalid_lang')

/** An integer from JSON or a query string ("2"); anything else fails with `message`. */
const queryInt = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\d+$/.test(x) ? Number(x) : Number.NaN)),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  )

export const pageQuerySchema = v.object({
  page: v.optional(queryInt(1, Number.MAX_SAFE_INTEGER, 'invalid_page'), 1),
  size: v.optional(queryInt(1, 100, 'invalid_size'), 20),
})

export type PageQuery = v.InferOutput<typeof pageQuerySchema>
