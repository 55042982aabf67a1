import type { LangCode } from '@common/i18n/languages'
import { pushApi } from './api'
import { currentSubscription, pushSupported } from './device'

const SYNCED_KEY = 'pushLangSynced'

/** Saves this device's subscription with the app language, and remembers that it did. */
export async function subscribeWithLang(sub: PushSubscription, lang: LangCode, toast = true): Promise<void> {
  await pushApi.subscribe({ ...sub.toJSON(), lang }, toast)
  localStorage.setItem(SYNCED_KEY, `${lang} ${sub.endpoint}`)
}

/** After a language change, the server writes this device's pushes in the new language. */
export async function syncPushLang(lang: LangCode): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const sub = await currentSubscription()
  if (!sub || localStorage.getItem(SYNCED_KEY) === `${lang} ${sub.endpoint}`) return
  await subscribeWithLang(sub, lang, false)
}
