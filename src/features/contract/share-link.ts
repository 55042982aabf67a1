/**
 * The link printed as a QR code on the profit-share image: the registration page with the user's
 * invite code, or the site itself when the user has none. `base` is the app's address without
 * the hash (origin + path).
 */
export function shareLink(base: string, inviteCode: unknown): string {
  const root = base.replace(/#.*$/, '')
  const code = typeof inviteCode === 'string' && /^[A-Z0-9]{1,12}$/i.test(inviteCode) ? inviteCode : ''
  return code ? `${root}#/pages/reg/index?inviteCode=${encodeURIComponent(code)}` : root
}

/** File name of the saved image: symbol, side and time, safe on every file system. */
export function shareFileName(symbol: string, side: string, ts: number): string {
  return `${symbol}-${side}-${new Date(ts).toISOString().replace(/[:.]/g, '-')}.png`
}
