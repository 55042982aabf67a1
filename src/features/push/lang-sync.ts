import { ERRORS } from '@common/api/errors'
import type { LangCode } from '@common/i18n/languages'
import { HttpError, translateMessage } from '@/lib/http/errors'
import { currentSubscription, pushSupported } from '@/lib/push/device'
import { showToast } from '@/ui/feedback'
import { pushApi } from './api'

const SYNCED_KEY = 'pushLangSynced'

/**
 * Saves this device's subscription with the app language, and remembers that it did. When the
 * server answers that another account holds this endpoint (1801: that account's session ended
 * before it could let go of the device), the browser subscription is replaced by a fresh one,
 * a new endpoint, and saved instead.
 */
export async function subscribeWithLang(sub: PushSubscription, lang: LangCode, toast = true): Promise<void> {
  let saved = sub
  try {
    await pushApi.subscribe({ ...sub.toJSON(), lang }, false)
  } catch (err) {
    const taken = err instanceof HttpError && err.code === ERRORS.pushDeviceTaken.code
    const key = sub.options.applicationServerKey
    if (!taken || !key) {
      if (toast && err instanceof HttpError) showToast(translateMessage(err.key, err.msg), { error: true })
      throw err
    }
    await sub.unsubscribe()
    const reg = await navigator.serviceWorker.ready
    saved = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
    await pushApi.subscribe({ ...saved.toJSON(), lang }, toast)
  }
  localStorage.setItem(SYNCED_KEY, `${lang} ${saved.endpoint}`)
}

/** After a language change, the server writes this device's pushes in the new language. */
export async function syncPushLang(lang: LangCode): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const sub = await currentSubscription()
  if (!sub || localStorage.getItem(SYNCED_KEY) === `${lang} ${sub.endpoint}`) return
  await subscribeWithLang(sub, lang, false)
}
