import { atom } from 'jotai'
import { store } from '@/lib/store'

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** The browser's deferred install prompt, captured as early as the module loads. */
export const deferredPromptAtom = atom<BeforeInstallPromptEvent | null>(null)

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault()
    store.set(deferredPromptAtom, e as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => store.set(deferredPromptAtom, null))
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean }
  return window.matchMedia?.('(display-mode: standalone)').matches || nav.standalone === true
}
