import { createBrowserHistory, parseHref } from '@tanstack/history'

/** The app's route and its query: what follows '#' ("/pages/market/quote?symbol=ETHUSDT"). */
export function hashRoute(hash: string): string {
  let end = hash.indexOf('#', 1)
  if (end < 0) end = hash.length
  return `${hash ? hash.slice(1, end) : '/'}${hash.slice(end)}` || '/'
}

/**
 * Hash routing that reads the route and its query from after '#' alone. TanStack's hash history
 * appends the page's own query to the route's, so a shared link with one ("?utm_source=x#/pages/
 * market/quote?symbol=ETHUSDT") opened BTCUSDT: the symbol read "ETHUSDT?utm_source=x" and failed
 * validation (an invite code would be lost the same way). The page's query is kept in links.
 */
export function createAppHistory() {
  return createBrowserHistory({
    parseLocation: () => parseHref(hashRoute(window.location.hash), window.history.state),
    createHref: (href) => `${window.location.pathname}${window.location.search}#${href}`,
  })
}
