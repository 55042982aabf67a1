import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { langAtom, tokenAtom } from '@/lib/store'

export function PushLangSync() {
  const lang = useAtomValue(langAtom)
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    // Only devices that allowed notifications load the push code (not part of the home route).
    if (!token || typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    // Best effort: the settings page subscribes again whenever push is switched on.
    void import('./lang-sync').then((m) => m.syncPushLang(lang)).catch(() => undefined)
  }, [lang, token])
  return null
}
