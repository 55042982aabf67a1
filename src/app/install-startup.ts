import { setMessageTranslator } from '@/lib/http/client'
import { setNavigator } from '@/lib/nav'
import { store } from '@/lib/store'
import { walletBrowserAtom } from '@/lib/wallet-browser'
import { translateError } from './error-messages'
import { router } from './router'
import { installAppShow, isWalletBrowser, startupRedirect } from './startup'
import { refreshNavigationBar } from './theme'

/**
 * Runs the start-up behaviours once. Returns true when the page is leaving for the desktop site.
 */
export function installStartup(): boolean {
  const target = startupRedirect({
    userAgent: navigator.userAgent,
    hashRoute: location.hash.replace(/^#/, '') || '/',
    desktopUrl: import.meta.env.VITE_DESKTOP_URL,
    desktopSignupUrl: import.meta.env.VITE_DESKTOP_SIGNUP_URL,
  })
  if (target) {
    location.replace(target)
    return true
  }
  const w = window as Window & { ethereum?: unknown }
  store.set(walletBrowserAtom, isWalletBrowser(navigator.userAgent, w.ethereum !== undefined))
  setNavigator((to, opts) => (opts?.replace ? router.history.replace(to) : router.history.push(to)))
  setMessageTranslator(translateError)
  installAppShow()
  // The spec refreshes the navigation bar colour every second; cheap, and it catches OS theme flips.
  setInterval(refreshNavigationBar, 1000)
  return false
}
