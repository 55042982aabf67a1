import { type Direction, fires, type TrailState, trailStep } from '@common/spot/triggers'

/*
 * The resting triggers of one market (stop, take-profit, OCO stop legs, trailing stops). Pure and
 * I/O-free, beside the order book: the spot engine feeds it every traded price in turn and gets
 * back the orders to fire, in the order the price passes their triggers.
 *
 * Fixed triggers sit in two binary heaps sorted by trigger price (the "down" ones highest first,
 * the "up" ones lowest first, then oldest first), so a traded price pops exactly the triggers it
 * reaches: O(log n) per trigger placed or fired, nothing per trigger left resting. A removed
 * trigger is dropped lazily when it reaches the top (the heap is rebuilt when most of it is
 * dead). Trailing stops move with every price, so they are kept in a list and stepped each trade.
 */

interface Entry {
  id: number
  trigger: number
}

/** A binary heap of (trigger, id); `before(a, b)`: a comes out first. */
class Heap {
  items: Entry[] = []
  constructor(private readonly before: (a: Entry, b: Entry) => boolean) {}

  get length(): number {
    return this.items.length
  }

  peek(): Entry | undefined {
    return this.items[0]
  }

  push(e: Entry): void {
    const a = this.items
    a.push(e)
    let i = a.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!this.before(a[i] as Entry, a[parent] as Entry)) break
      ;[a[i], a[parent]] = [a[parent] as Entry, a[i] as Entry]
      i = parent
    }
  }

  pop(): Entry | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      a[0] = last
      this.down(0)
    }
    return top
  }

  /** Keeps the entries `keep` accepts and restores the heap order (O(n)). */
  filter(keep: (e: Entry) => boolean): void {
    this.items = this.items.filter(keep)
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.down(i)
  }

  private down(i: number): void {
    const a = this.items
    const n = a.length
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < n && this.before(a[l] as Entry, a[m] as Entry)) m = l
      if (r < n && this.before(a[r] as Entry, a[m] as Entry)) m = r
      if (m === i) return
      ;[a[i], a[m]] = [a[m] as Entry, a[i] as Entry]
      i = m
    }
  }
}

export interface Trailing extends TrailState {
  id: number
}

export interface TradeOutcome {
  /** Orders to fire, in the order the price passed their triggers (trailing stops last). */
  fired: number[]
  /** Trailing stops whose watermark this price set or moved (to be persisted). */
  moved: { id: number; watermark: number }[]
}

export class TriggerBook {
  /** Fires at or below: the highest trigger first, then the oldest. */
  private readonly down = new Heap(
    (a, b) => a.trigger > b.trigger || (a.trigger === b.trigger && a.id < b.id),
  )
  /** Fires at or above: the lowest trigger first, then the oldest. */
  private readonly up = new Heap((a, b) => a.trigger < b.trigger || (a.trigger === b.trigger && a.id < b.id))
  private readonly fixed = new Map<number, Direction>()
  private readonly trailing = new Map<number, Trailing>()

  get size(): number {
    return this.fixed.size + this.trailing.size
  }

  has(id: number): boolean {
    return this.fixed.has(id) || this.trailing.has(id)
  }

  addFixed(id: number, dir: Direction, trigger: number): void {
    if (this.has(id)) throw new Error(`duplicate trigger ${id}`)
    this.fixed.set(id, dir)
    ;(dir === 'down' ? this.down : this.up).push({ id, trigger })
  }

  addTrailing(t: Trailing): void {
    if (this.has(t.id)) throw new Error(`duplicate trigger ${t.id}`)
    this.trailing.set(t.id, { ...t })
  }

  /** The trailing stop as it stands (its watermark), or undefined. */
  trailingOf(id: number): Trailing | undefined {
    const t = this.trailing.get(id)
    return t && { ...t }
  }

  /** Takes a trigger out (cancelled, or fired elsewhere); false when it was not here. */
  remove(id: number): boolean {
    if (this.trailing.delete(id)) return true
    if (!this.fixed.delete(id)) return false
    for (const h of [this.down, this.up])
      if (h.length > 64 && h.length > 2 * this.fixed.size) h.filter((e) => this.fixed.has(e.id))
    return true
  }

  /** One traded price: what it fires (taken out of the book) and the watermarks it moved. */
  onTrade(price: number): TradeOutcome {
    const fired: number[] = []
    for (const [h, dir] of [
      [this.down, 'down'],
      [this.up, 'up'],
    ] as const) {
      for (
        let top = h.peek();
        top && (!this.fixed.has(top.id) || fires(dir, top.trigger, price));
        top = h.peek()
      ) {
        h.pop()
        if (this.fixed.delete(top.id)) fired.push(top.id)
      }
    }
    const moved: TradeOutcome['moved'] = []
    for (const t of this.trailing.values()) {
      const r = trailStep(t, price)
      if (r.fired) {
        this.trailing.delete(t.id)
        fired.push(t.id)
      } else if (r.watermark !== t.watermark && r.watermark !== null) {
        t.watermark = r.watermark
        moved.push({ id: t.id, watermark: r.watermark })
      }
    }
    return { fired, moved }
  }
}
