import { DEFAULT_LANG, isLangCode, type LangCode, toBcp47 } from '@common/i18n/languages'
import { i18n, type Messages } from '@lingui/core'

// Each catalog is its own chunk: a user downloads only the language they read.
const loaders = import.meta.glob<{ messages: Messages }>('../../locales/*.po')

export async function activateLang(code: LangCode): Promise<void> {
  const lang = isLangCode(code) ? code : DEFAULT_LANG
  const load = loaders[`../../locales/${lang}.po`]
  if (!load) throw new Error(`missing catalog ${lang}`)
  const { messages } = await load()
  i18n.loadAndActivate({ locale: lang, messages })
  document.documentElement.lang = toBcp47(lang)
}

export { i18n }
