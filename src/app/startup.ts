/**
 * Start-up behaviours of docs/spec.md section 1, as pure decisions (tested) plus a thin installer.
 */

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|HarmonyOS|Opera Mini|IEMobile/i
const WALLET_UA =
  /MetaMaskMobile|Trust\/|TokenPocket|imToken|OKApp|BitKeep|Bitget|CoinbaseWallet|SafePal|MathWallet|Binance\/|Phantom/i

export function isDesktopUserAgent(ua: string): boolean {
  return !MOBILE_UA.test(ua)
}

export function isWalletBrowser(ua: string, hasInjectedProvider: boolean): boolean {
  return hasInjectedProvider || WALLET_UA.test(ua)
}

export interface StartupEnv {
  userAgent: string
  /** The hash route without '#', e.g. "/pages/reg/index?code=AB12". */
  hashRoute: string
  desktopUrl: string | undefined
  desktopSignupUrl: string | undefined
}

/**
 * Where the browser should go instead of this app, or null to stay.
 * Registration with a query string goes to the desktop sign-up route with the same query;
 * any other desktop browser goes to the desktop site root. Both only when a desktop site is configured.
 */
export function startupRedirect(env: StartupEnv): string | null {
  if (!env.desktopUrl || !isDesktopUserAgent(env.userAgent)) return null
  const [path = '', query = ''] = env.hashRoute.split('?')
  if (path === '/pages/reg/index' && query) {
    const signup = env.desktopSignupUrl || `${env.desktopUrl.replace(/\/$/, '')}/register`
    return `${signup}${signup.includes('?') ? '&' : '?'}${query}`
  }
  return env.desktopUrl
}

export const APP_SHOW_EVENT = 'appShow'

/** Emits `appShow` with {visible} on every show and hide, as the spec's app lifecycle did. */
export function installAppShow(target: Window = window): () => void {
  const onChange = () => {
    target.dispatchEvent(
      new CustomEvent(APP_SHOW_EVENT, { detail: { visible: document.visibilityState === 'visible' } }),
    )
  }
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
