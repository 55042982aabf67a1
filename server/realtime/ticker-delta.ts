import type { Ticker } from '@common/market/types'

/** A ticker on the `tickers` channel: the symbol and the fields that changed since the last message. */
export type TickerUpdate = Pick<Ticker, 'symbol'> & Partial<Ticker>

const FIELDS = ['last', 'open', 'high', 'low', 'change', 'volume', 'turnover', 'index'] as const

/**
 * The fields of `next` that differ from `prev` (all of them when there is no `prev`), with `ts`
 * when it moved too, or null when no figure changed: a newer `ts` alone (an index tick that left
 * the price where it was) is not sent, and the caller keeps `prev` as what its clients hold.
 * Applying the result to `prev` gives `next` whenever it is not null.
 */
export function tickerDelta(prev: Ticker | undefined, next: Ticker): TickerUpdate | null {
  if (!prev) return next
  const out: TickerUpdate = { symbol: next.symbol }
  let changed = false
  for (const f of FIELDS) {
    if (prev[f] !== next[f]) {
      ;(out as Record<string, unknown>)[f] = next[f]
      changed = true
    }
  }
  if (!changed) return null
  if (prev.ts !== next.ts) out.ts = next.ts
  return out
}
