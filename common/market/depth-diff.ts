import { cmp, isZero } from '../money/decimal'
import type { DepthLevel, DepthSnapshot } from '../spot/schema'

/** A book level on the wire: [price, amount] as decimal strings; amount "0" removes the level. */
export type WireLevel = [price: string, amount: string]

/**
 * One `depth:<SYMBOL>` channel message: what changed in the top levels since the channel's
 * previous message. `seq` is the book's sequence number after it, `prevSeq` the one it applies
 * to (the seq of the subscribe snapshot or of the previous message). With `full` the levels are
 * the whole top of the book, sent when that is shorter than the changes (a re-centred book).
 */
export interface DepthDiff {
  seq: number
  prevSeq: number
  bids: WireLevel[]
  asks: WireLevel[]
  full?: true
}

function sideDiff(prev: DepthLevel[], next: DepthLevel[]): WireLevel[] {
  const before = new Map<string, string>()
  for (const l of prev) before.set(l.price, l.amount)
  const out: WireLevel[] = []
  for (const l of next) {
    if (before.get(l.price) !== l.amount) out.push([l.price, l.amount])
    before.delete(l.price)
  }
  for (const price of before.keys()) out.push([price, '0'])
  return out
}

const wire = (levels: DepthLevel[]): WireLevel[] => levels.map((l) => [l.price, l.amount])

/**
 * The message taking a client from `prev` to `next` (the same symbol's top levels, as the
 * server cut them), or null when no level changed. Applying it to `prev` gives `next`'s levels.
 */
export function diffDepth(prev: DepthSnapshot, next: DepthSnapshot): DepthDiff | null {
  const bids = sideDiff(prev.bids, next.bids)
  const asks = sideDiff(prev.asks, next.asks)
  if (bids.length === 0 && asks.length === 0) return null
  // Every level moved (a re-centred book): the new levels alone are shorter than removals + adds.
  if (bids.length + asks.length >= next.bids.length + next.asks.length)
    return { seq: next.seq, prevSeq: prev.seq, bids: wire(next.bids), asks: wire(next.asks), full: true }
  return { seq: next.seq, prevSeq: prev.seq, bids, asks }
}

function applySide(levels: DepthLevel[], changes: WireLevel[], desc: boolean): DepthLevel[] {
  if (changes.length === 0) return levels
  const map = new Map<string, string>()
  for (const l of levels) map.set(l.price, l.amount)
  for (const [price, amount] of changes) {
    if (isZero(amount)) map.delete(price)
    else map.set(price, amount)
  }
  const out: DepthLevel[] = []
  for (const [price, amount] of map) out.push({ price, amount })
  out.sort((a, b) => (desc ? cmp(b.price, a.price) : cmp(a.price, b.price)))
  return out
}

/**
 * `book` with `diff` applied: bids best (highest) first, asks best (lowest) first. Null when the
 * diff does not follow `book` (its prevSeq is not the book's seq): messages were missed and the
 * client takes a fresh snapshot. A `full` diff replaces the levels whatever the book held.
 */
export function applyDepthDiff(book: DepthSnapshot, diff: DepthDiff, ts = book.ts): DepthSnapshot | null {
  const lv = (w: WireLevel[]) => w.map(([price, amount]) => ({ price, amount }))
  if (diff.full) return { symbol: book.symbol, seq: diff.seq, bids: lv(diff.bids), asks: lv(diff.asks), ts }
  if (diff.prevSeq !== book.seq) return null
  return {
    symbol: book.symbol,
    seq: diff.seq,
    bids: applySide(book.bids, diff.bids, true),
    asks: applySide(book.asks, diff.asks, false),
    ts,
  }
}
