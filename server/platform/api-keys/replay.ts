/**
 * The replay cache: a signature is accepted once per key. An entry lives until its request's
 * window closes (timestamp + recvWindow); after that the timestamp check refuses the request
 * anyway. Per process: in a cluster each gateway keeps its own (docs/api.md says so).
 */
const MAX_PER_KEY = 100_000
const seen = new Map<string, Map<string, number>>()

function sweep(entries: Map<string, number>, now: number): void {
  for (const [sig, until] of entries) if (until <= now) entries.delete(sig)
}

/**
 * Records `signature` for key `keyId` until `until` (ms). False when it was already recorded and
 * still live (a replay), or when the key has too many live entries to take one more.
 */
export function rememberSignature(
  keyId: string,
  signature: string,
  until: number,
  now = Date.now(),
): boolean {
  let entries = seen.get(keyId)
  if (!entries) {
    entries = new Map()
    seen.set(keyId, entries)
  }
  const prior = entries.get(signature)
  if (prior !== undefined && prior > now) return false
  if (entries.size >= MAX_PER_KEY) {
    sweep(entries, now)
    if (entries.size >= MAX_PER_KEY) return false
  } else if (entries.size > 0 && entries.size % 1024 === 0) sweep(entries, now)
  entries.set(signature, until)
  return true
}

/** Test and shutdown helper: forgets every entry. */
export function clearReplayCache(): void {
  seen.clear()
}
