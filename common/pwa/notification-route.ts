/**
 * Where a click on a notification goes. The data's `url` is one of the app's hash routes, written
 * root-relative by the server (`/#/pages/...`); it opens inside the app wherever the app is served
 * (its service worker scope). Anything else (another origin, another path, `javascript:`, a
 * malformed or missing value) opens the home page: a push can never send the user off the app.
 */
export function notificationTarget(data: unknown, scope: string): string {
  const home = new URL(scope)
  home.search = ''
  home.hash = ''
  const raw = data !== null && typeof data === 'object' ? (data as { url?: unknown }).url : undefined
  if (typeof raw !== 'string' || raw.length > 2048) return home.href
  let u: URL
  try {
    u = new URL(raw.startsWith('/#') ? raw.slice(1) : raw, home)
  } catch {
    return home.href
  }
  if (u.origin !== home.origin) return home.href
  if (u.pathname !== home.pathname && u.pathname !== `${home.pathname}index.html`) return home.href
  if (u.hash !== '' && !u.hash.startsWith('#/')) return home.href
  return home.href + u.hash
}
