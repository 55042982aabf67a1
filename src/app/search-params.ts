/**
 * The router's search serialisation: addresses read `?id=1&symbol=BTCUSDT`, not TanStack's default
 * JSON-quoted `?id=%221%22`. Every value is text in the address; each route's `validateSearch`
 * turns it into what it needs (a number, a picklist value). Links shared before this change carry
 * JSON-quoted values (`?id="1"`): they still open the same screen.
 *
 * - stringify: strings as they are, numbers and booleans as their text; objects and arrays as JSON;
 *   a string that itself starts like JSON (`"`, `{`, `[`) is JSON-quoted, so it reads back unchanged.
 * - parse: text stays text (`1` is '1', `true` is 'true'); a JSON string, object or array is parsed.
 */
const JSON_LIKE = /^["[{]/

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, val] of Object.entries(search)) {
    if (val === undefined) continue
    let text: string
    if (typeof val === 'string') text = JSON_LIKE.test(val) ? JSON.stringify(val) : val
    else if (val !== null && typeof val === 'object') text = JSON.stringify(val)
    else text = String(val)
    params.append(key, text)
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

function readValue(text: string): unknown {
  if (!JSON_LIKE.test(text)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function parseSearch(searchStr: string): Record<string, unknown> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const out: Record<string, unknown> = Object.create(null)
  for (const [key, text] of params) {
    const value = readValue(text)
    const prev = out[key]
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return out
}
