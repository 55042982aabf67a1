/**
 * The live index of one instrument from its sources' last prices (pure, no I/O, no clock of its
 * own): the weighted median of the fresh sources, after dropping each source further than the
 * band from the median of the others. docs/products/market-data.md explains the rule.
 *
 * Prices here are the sources' own numbers (ccxt hands out floats); the index leaves this file
 * as an integer count of the instrument's price units, as every index tick does.
 */

export interface IndexRule {
  /** Fewer fresh (and kept) sources than this: the index is stale. */
  minSources: number
  /** A source's last price is stale after this many milliseconds. */
  staleMs: number
  /** A source further than this fraction from the median of the others is dropped (0.02 = 2 %). */
  outlierBand: number
}

export interface SourceQuote {
  /** The source's name, e.g. "binance:BTC/USDT". */
  key: string
  price: number
  /** When the price was received (ms). */
  ts: number
  weight: number
}

export interface IndexResult {
  /** The index in the instrument's price units; null when stale. */
  units: number | null
  /** Sources used for the index. */
  used: string[]
  /** Sources too old to count. */
  stale: string[]
  /** Fresh sources dropped this time as outliers. */
  outliers: string[]
}

type Point = { price: number; weight: number }

/**
 * The middle of `list` (sorted by price) by weight: the point where half the weight lies on each
 * side, with `next`, the point after it, when the halves meet exactly there (an even split).
 */
function middleOf(list: readonly Point[]): { at: Point; next?: Point } | null {
  if (list.length === 0) return null
  const total = list.reduce((s, p) => s + p.weight, 0)
  let acc = 0
  for (let i = 0; i < list.length; i++) {
    const p = list[i] as Point
    acc += p.weight
    // Compared with a relative tolerance: weights such as 0.1 do not add up exactly.
    if (Math.abs(acc - total / 2) <= total * 1e-12) return { at: p, next: list[i + 1] }
    if (acc > total / 2) return { at: p }
  }
  return { at: list[list.length - 1] as Point }
}

/**
 * The weighted median: the price where half the weight lies on each side. When the halves meet
 * exactly between two prices (an even split), the midpoint of the two.
 */
export function weightedMedian(points: readonly Point[]): number | null {
  const m = middleOf(
    points.filter((p) => p.weight > 0 && Number.isFinite(p.price)).sort((a, b) => a.price - b.price),
  )
  if (!m) return null
  return m.next ? (m.at.price + m.next.price) / 2 : m.at.price
}

/**
 * The median of the others, as a source is judged against it: with an even split, the nearer of
 * the two middle prices (so of two sources that agree and one that does not, the two keep each
 * other, and of two that disagree neither can be told right).
 */
export function medianOfOthers(self: number, others: readonly Point[]): number | null {
  const m = middleOf(others.filter((p) => p.weight > 0).sort((a, b) => a.price - b.price))
  if (!m) return null
  const { at, next } = m
  if (!next) return at.price
  return Math.abs(self - at.price) <= Math.abs(self - next.price) ? at.price : next.price
}

/** The index of one instrument at `now` from its sources' last quotes. */
export function computeIndex(
  quotes: readonly SourceQuote[],
  rule: IndexRule,
  pricePrecision: number,
  now: number,
): IndexResult {
  const stale: string[] = []
  const fresh: SourceQuote[] = []
  for (const q of quotes) {
    if (!(q.price > 0) || now - q.ts > rule.staleMs) stale.push(q.key)
    else fresh.push(q)
  }
  const outliers: string[] = []
  const kept: SourceQuote[] = []
  for (const q of fresh) {
    const others = fresh.filter((o) => o !== q)
    const m = medianOfOthers(q.price, others)
    if (m !== null && Math.abs(q.price - m) / m > rule.outlierBand) outliers.push(q.key)
    else kept.push(q)
  }
  if (kept.length < rule.minSources) return { units: null, used: [], stale, outliers }
  const median = weightedMedian(kept)
  const units = median === null ? null : Math.max(1, Math.round(median * 10 ** pricePrecision))
  return { units, used: kept.map((q) => q.key), stale, outliers }
}

/**
 * When an index may be published: at most one per second per instrument. Returns the time of the
 * next allowed publish (`now` itself when one may go out at once).
 */
export function nextPublishAt(lastPublish: number | null, now: number, intervalMs = 1000): number {
  if (lastPublish === null) return now
  return Math.max(now, lastPublish + intervalMs)
}
