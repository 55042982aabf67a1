/**
 * Who should try to own what (pure; the locks themselves are in locks.ts). Ownership units:
 * one per spot market (`spot:<SYMBOL>`) and one for the whole perpetual engine (`contract`):
 * perpetual positions share one cross-margin wallet per holder, so every risk check reads all of
 * a holder's positions; splitting perpetual markets over cores would put a remote read in each
 * one. Leader units (`leader:<name>`) are taken by whichever core gets there first.
 */

export const CONTRACT_UNIT = 'contract'
export const spotUnit = (symbol: string): string => `spot:${symbol}`
export const leaderUnit = (name: string): string => `leader:${name}`

/** The unit whose owner executes commands on `symbol` (null: no matching engine for it). */
export function unitOf(category: string, symbol: string): string | null {
  if (category === 'spot') return spotUnit(symbol)
  if (category === 'perpetual') return CONTRACT_UNIT
  return null
}

/** Every market unit of an instrument list, in a stable order. */
export function marketUnits(instruments: readonly { symbol: string; category: string }[]): string[] {
  const units = new Set<string>()
  for (const i of instruments) {
    const u = unitOf(i.category, i.symbol)
    if (u) units.add(u)
  }
  return [...units].sort()
}

/** How many market units one core should hold when `liveCores` are up (at least one each). */
export function fairShare(units: number, liveCores: number): number {
  if (units <= 0) return 0
  return Math.ceil(units / Math.max(1, liveCores))
}

/** A small stable hash of a string (FNV-1a), so each core starts its scan at its own place. */
export function hashOf(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/**
 * The units this core should try to lock now, in the order to try them, and how many it may
 * take (`room`: its fair share minus what it owns). Every unit it does not own is a candidate
 * (except those `held` says another core has: a stale entry only costs a failed try), so units
 * other cores hold never crowd out a free one; the caller stops once `room` tries succeeded.
 * The scan starts at a place that depends on the core's name, so two cores starting together
 * do not race for the same units first.
 */
export function unitsToTry(opts: {
  units: readonly string[]
  owned: ReadonlySet<string>
  held?: ReadonlySet<string>
  liveCores: number
  nodeId: string
}): { room: number; candidates: string[] } {
  const { units, owned, held, liveCores, nodeId } = opts
  const room = fairShare(units.length, liveCores) - units.filter((u) => owned.has(u)).length
  if (room <= 0 || units.length === 0) return { room: 0, candidates: [] }
  const start = hashOf(nodeId) % units.length
  const candidates: string[] = []
  for (let k = 0; k < units.length; k++) {
    const u = units[(start + k) % units.length] as string
    if (!owned.has(u) && !held?.has(u)) candidates.push(u)
  }
  return { room, candidates }
}

/** A command is executed only before its deadline: a gateway that gave up is never followed by a late execution. */
export function isExpired(deadline: number, now: number): boolean {
  return !(now < deadline)
}
