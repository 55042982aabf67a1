/**
 * Which accounts a new index price may liquidate, fast. Pure and I/O-free.
 *
 * Per symbol, every (holder) with a position there has an estimated liquidation price (cross,
 * hedge: common/contract/liquidation.ts) and a direction: 'down' accounts (net long) are at risk
 * when the index falls to their price, 'up' accounts (net short) when it rises to it. Each side
 * is kept sorted, so a new index price finds its candidates by binary search: O(log n + k).
 *
 * The prices here are floats: a prefilter only. A band (`tolerance`, relative) widens the search
 * so rounding and tier edges cannot hide an account; the caller confirms every candidate with the
 * exact decimal rule (margin balance <= maintenance margin) before acting, and refreshes the
 * estimates when balances, positions or other symbols' prices change.
 */
export type Direction = 'down' | 'up'

interface Entry {
  holder: string
  price: number
}

class SideIndex {
  private readonly byHolder = new Map<string, number>()
  private sorted: Entry[] = []
  /** Entries set since the last sort; removals only leave stale entries behind (skipped). */
  private added = 0
  private stale = 0

  set(holder: string, price: number): void {
    if (this.byHolder.has(holder)) this.stale++
    this.byHolder.set(holder, price)
    this.added++
  }

  delete(holder: string): void {
    if (this.byHolder.delete(holder)) this.stale++
  }

  get size(): number {
    return this.byHolder.size
  }

  /**
   * Live holders among sorted[from, to); stale entries met there are dropped from the sorted list
   * on the way, so each is paid for once (liquidated accounts sit exactly where scans look).
   */
  take(from: number, to: number, out: string[]): void {
    const kept: Entry[] = []
    for (let i = from; i < to; i++) {
      const e = this.sorted[i] as Entry
      if (this.byHolder.get(e.holder) === e.price) kept.push(e)
    }
    for (const e of kept) out.push(e.holder)
    const dropped = to - from - kept.length
    if (dropped > 0) {
      this.sorted = this.sorted.slice(0, from).concat(kept, this.sorted.slice(to))
      this.stale = Math.max(0, this.stale - dropped)
    }
  }

  /** Ascending by price. Re-sorted only after additions, or when stale entries pile up. */
  entries(): Entry[] {
    if (this.added > 0 || this.stale > this.byHolder.size) {
      this.sorted = [...this.byHolder].map(([holder, price]) => ({ holder, price }))
      this.sorted.sort((a, b) => a.price - b.price)
      this.added = 0
      this.stale = 0
    }
    return this.sorted
  }
}

/** First index whose price is >= x (ascending list). */
function lowerBound(list: Entry[], x: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((list[mid] as Entry).price < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

export class LiquidationScanner {
  private readonly symbols = new Map<string, { down: SideIndex; up: SideIndex }>()

  constructor(private readonly tolerance = 0.0001) {}

  private of(symbol: string) {
    let s = this.symbols.get(symbol)
    if (!s) {
      s = { down: new SideIndex(), up: new SideIndex() }
      this.symbols.set(symbol, s)
    }
    return s
  }

  /** Sets (or with null clears) a holder's estimated liquidation price on a symbol. */
  set(symbol: string, holder: string, est: { price: number; direction: Direction } | null): void {
    const s = this.of(symbol)
    s.down.delete(holder)
    s.up.delete(holder)
    if (est && Number.isFinite(est.price) && est.price > 0) s[est.direction].set(holder, est.price)
  }

  /** Forgets a holder on every symbol (no positions left). */
  forget(holder: string): void {
    for (const s of this.symbols.values()) {
      s.down.delete(holder)
      s.up.delete(holder)
    }
  }

  /** Holders the index `price` of `symbol` may liquidate (to confirm exactly). */
  candidates(symbol: string, price: number): string[] {
    const s = this.symbols.get(symbol)
    if (!s) return []
    const out: string[] = []
    // 'down' accounts: liquidation price >= index (within the band).
    const down = s.down.entries()
    s.down.take(lowerBound(down, price * (1 - this.tolerance)), down.length, out)
    // 'up' accounts: liquidation price <= index (within the band).
    const up = s.up.entries()
    const end = lowerBound(up, price * (1 + this.tolerance) + Number.EPSILON)
    s.up.take(0, end, out)
    return out
  }

  size(symbol: string): number {
    const s = this.symbols.get(symbol)
    return s ? s.down.size + s.up.size : 0
  }
}
