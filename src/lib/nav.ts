/**
 * Navigation for plain modules (http, socket) that cannot use router hooks.
 * The app registers the router's navigate on start; before that, the hash is set directly.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void

let navigateImpl: Navigate = (to, opts) => {
  const hash = `#${to.startsWith('/') ? to : `/${to}`}`
  if (opts?.replace) location.replace(hash)
  else location.hash = hash
}

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn
}

export function navigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts)
}

/** The current route path without the query, e.g. "/pages/market/market". */
export function currentPath(): string {
  const raw = location.hash.replace(/^#/, '') || '/'
  return raw.split('?')[0] || '/'
}
