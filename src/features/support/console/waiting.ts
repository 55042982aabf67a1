/** How long a conversation has waited for an answer, as whole minutes / hours / days. */
export function waitedParts(since: number, now: number): { unit: 'm' | 'h' | 'd'; n: number } {
  const min = Math.max(0, Math.floor((now - since) / 60_000))
  if (min < 60) return { unit: 'm', n: min }
  if (min < 24 * 60) return { unit: 'h', n: Math.floor(min / 60) }
  return { unit: 'd', n: Math.floor(min / (24 * 60)) }
}
