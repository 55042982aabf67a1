import { add, div, mul, normalize } from '@common/money/decimal'
import type { DepthLevel } from '@common/spot/schema'

/** Price steps offered for grouping the book: 1, 10, 100 and 1000 ticks of the instrument. */
export function groupSteps(pricePrecision: number): string[] {
  return [0, 1, 2, 3].map((k) => {
    const e = k - pricePrecision
    return e >= 0 ? `1${'0'.repeat(e)}` : `0.${'0'.repeat(-e - 1)}1`
  })
}

/**
 * Merges book levels into price buckets of `step`: bids round down (a bucket shows the worst
 * price of its bids), asks round up, so a grouped level never looks better than its orders.
 * Levels arrive best first and leave best first; amounts are summed exactly. With `limit`, only
 * the best `limit` buckets are built: the book shows a few of the hundred levels it receives, and
 * each level costs two exact divisions.
 */
export function groupLevels(
  levels: readonly DepthLevel[],
  step: string,
  side: 'bid' | 'ask',
  limit = Number.POSITIVE_INFINITY,
): DepthLevel[] {
  const out: DepthLevel[] = []
  for (const l of levels) {
    const price = mul(div(l.price, step, 0, side === 'bid' ? 'down' : 'up'), step)
    const last = out[out.length - 1]
    if (last && last.price === price) last.amount = add(last.amount, l.amount)
    else if (out.length === limit) break
    else out.push({ price, amount: normalize(l.amount) })
  }
  return out
}

/** Running totals from the spread outward (exact decimals). */
export function cumulative(levels: DepthLevel[]): string[] {
  let acc = '0'
  return levels.map((l) => {
    acc = add(acc, l.amount)
    return acc
  })
}

/**
 * Each running total as a percentage of `scale` (the deeper of the two shown sides), for the bar
 * behind its row. A bar's width is a picture of a ratio, not an amount: plain numbers are exact
 * enough for it, and exact division was two thirds of the book's drawing time.
 */
export function barWidths(cum: string[], scale: string): string[] {
  const whole = Number(scale)
  return cum.map((c) => (whole > 0 ? String(Math.floor((Number(c) / whole) * 10_000) / 100) : '0'))
}
