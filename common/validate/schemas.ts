import * as v from 'valibot'
import { LANG_CODES } from '../i18n/languages'
import { isAmount, isCode, isEmail, isMainlandMobile } from './validators'

/**
 * Valibot building blocks. Messages are stable keys that the client translates, never prose.
 * Text inputs are trimmed before checking, so the parsed output is trimmed too.
 */

/**
 * Control characters: C0 other than tab, line feed and carriage return, DEL, and C1. No input
 * has a use for them, and PostgreSQL refuses NUL in text, so they are refused everywhere: every
 * server-side parse() checks the whole input with controlCharPath before its schema runs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
export const CONTROL_CHARS_REASON = 'control_characters'

// Half of a UTF-16 pair on its own is not text: PostgreSQL's jsonb refuses it (a 500 before this).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Control characters, or a lone surrogate: refused in every text field with the same reason. */
export function hasControlChars(s: string): boolean {
  return CONTROL_CHARS.test(s) || LONE_SURROGATE.test(s)
}

/**
 * The dot path (as valibot's getDotPath writes it) of the first string, or object key, holding a
 * control character anywhere in `input`; null when there is none. Depth-limited like the JSON
 * the server accepts; deeper structures are reported at the depth limit.
 */
export function controlCharPath(input: unknown, path: string[] = []): string | null {
  if (typeof input === 'string') return hasControlChars(input) ? path.join('.') || '' : null
  if (input === null || typeof input !== 'object') return null
  if (path.length >= 32) return path.join('.')
  const entries = Array.isArray(input) ? input.map((x, i) => [String(i), x] as const) : Object.entries(input)
  for (const [k, x] of entries) {
    if (hasControlChars(k)) return [...path, k.replace(CONTROL_CHARS, '?')].join('.')
    const found = controlCharPath(x, [...path, k])
    if (found !== null) return found
  }
  return null
}

const trimmed = (check: (s: string) => boolean, message: string) =>
  v.pipe(
    v.string(message),
    v.check((s) => !hasControlChars(s), message),
    v.trim(),
    v.check(check, message),
  )

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
