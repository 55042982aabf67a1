/**
 * A Map that also keeps its entries grouped by keys derived from each value (e.g. holder, symbol),
 * so "all of one holder's positions" costs what that holder has, not a scan of every position.
 * The group keys must come from fields that never change while the entry is stored: a value may
 * be mutated in place, but a new holder or symbol means delete + set.
 */
export class GroupedMap<K, V, G extends string> extends Map<K, V> {
  private groups: Map<G, Map<string, Map<K, V>>> | undefined

  constructor(private readonly keyers: Record<G, (v: V) => string>) {
    super()
  }

  private group(g: G): Map<string, Map<K, V>> {
    this.groups ??= new Map()
    let m = this.groups.get(g)
    if (!m) {
      m = new Map()
      this.groups.set(g, m)
    }
    return m
  }

  private add(g: G, gk: string, k: K, v: V): void {
    const byKey = this.group(g)
    let members = byKey.get(gk)
    if (!members) {
      members = new Map()
      byKey.set(gk, members)
    }
    // A replaced entry keeps its place, as in the Map itself.
    members.set(k, v)
  }

  private remove(g: G, gk: string, k: K): void {
    const byKey = this.group(g)
    const members = byKey.get(gk)
    if (!members) return
    members.delete(k)
    if (members.size === 0) byKey.delete(gk)
  }

  override set(k: K, v: V): this {
    const prev = super.get(k)
    for (const g of Object.keys(this.keyers) as G[]) {
      const gk = this.keyers[g](v)
      if (prev !== undefined) {
        const was = this.keyers[g](prev)
        if (was !== gk) this.remove(g, was, k)
      }
      this.add(g, gk, k, v)
    }
    super.set(k, v)
    return this
  }

  override delete(k: K): boolean {
    const prev = super.get(k)
    if (prev === undefined) return false
    for (const g of Object.keys(this.keyers) as G[]) this.remove(g, this.keyers[g](prev), k)
    return super.delete(k)
  }

  override clear(): void {
    super.clear()
    this.groups?.clear()
  }

  /** The values whose `group` key is `key`, in insertion order. */
  in(group: G, key: string): V[] {
    const members = this.groups?.get(group)?.get(key)
    return members ? [...members.values()] : []
  }

  /** The distinct keys of a group that have at least one value. */
  keysOf(group: G): string[] {
    return [...(this.groups?.get(group)?.keys() ?? [])]
  }
}
