import fs from 'node:fs'
import { DEFAULT_LANG, isLangCode, type LangCode } from '@common/i18n/languages'
import { type I18n, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'

/**
 * The texts the server writes into notifications, in the reader's language. They are Lingui
 * messages like the app's: each module marks its English sources with `/*i18n*\/` (its
 * push-texts.ts), `lingui extract` puts them in locales/push/server/<lang>.po beside the app's
 * catalogs (translated there, checked by the catalog tests), and this reads those catalogs. The
 * reader's device language is only a code here, so a text is asked for by language.
 */
export interface PushMessage {
  id: string
  message: string
}

const DIR = new URL('../../../locales/push/server/', import.meta.url)

/** Unquotes a PO string ("..." with C escapes, which JSON reads the same). */
const unquote = (s: string): string => JSON.parse(s) as string

/**
 * A catalog's translations by id. Reads what `lingui extract` writes (one line per msgid and
 * msgstr, continued lines only in the header); obsolete entries (`#~`) are comments here.
 */
export function parsePo(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  let id: string | undefined
  let field: 'id' | 'str' | undefined
  let str = ''
  const flush = () => {
    if (id) out[id] = str
    id = undefined
    str = ''
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush()
      id = unquote(line.slice(6))
      field = 'id'
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7))
      field = 'str'
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id = (id ?? '') + unquote(line)
      else str += unquote(line)
    } else field = undefined
  }
  flush()
  return out
}

/** The translations of one language's catalog, by id. */
export function pushCatalog(lang: LangCode): Record<string, string> {
  return parsePo(fs.readFileSync(new URL(`${lang}.po`, DIR), 'utf8'))
}

const loaded = new Map<LangCode, I18n>()

function i18nFor(lang: LangCode): I18n {
  let i18n = loaded.get(lang)
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(pushCatalog(lang))
        .filter(([, t]) => t !== '')
        .map(([id, t]) => [id, compileMessage(t)]),
    )
    i18n = setupI18n({ locale: lang, messages: { [lang]: messages } })
    // A message missing from a catalog reads its English source, compiled when asked for.
    i18n.setMessagesCompiler(compileMessage)
    loaded.set(lang, i18n)
  }
  return i18n
}

/** The placeholders a message uses, in order of appearance. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string)
}

/**
 * One text in a language (unknown codes read the default), its `{name}` placeholders filled with
 * the values as given: formatting an amount is the caller's choice. A placeholder without a value
 * stays as it is, so a text can be filled in two steps (option settlement fills the round's
 * figures first and each order's amounts later).
 */
export function notifyText(lang: string, msg: PushMessage, values: Record<string, string> = {}): string {
  const all = { ...values }
  for (const name of placeholders(msg.message)) all[name] ??= `{${name}}`
  return i18nFor(isLangCode(lang) ? lang : DEFAULT_LANG)._(msg.id, all, { message: msg.message })
}
