/**
 * The visitor key: 32 random hex characters kept on this device, so a visitor's chat continues
 * across visits and joins the account after login (the server stores only its hash).
 */
const KEY = 'serviceVisitor'

export function visitorKey(): string {
  try {
    const found = localStorage.getItem(KEY)
    if (found && /^[0-9a-f]{32}$/.test(found)) return found
  } catch {
    // Storage blocked: a key for this page's life.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  try {
    localStorage.setItem(KEY, key)
  } catch {
    // As above.
  }
  return key
}
