import type { Ticker } from '@common/market/types'

/** A ticker on the `tickers` channel: the symbol and the fields that changed since the last message. */
export type TickerUpdate = Pick<Ticker, 'symbol'> & Partial<Ticker>

const FIELDS = ['last', 'open', 'high', 'low', 'change', 'volume', 'turnover', 'index', 'ts'] as const

/**
 * The fields of `next` that differ from `prev` (all of them when there is no `prev`), or null
 * when nothing changed. Applying the result to `prev` gives `next`.
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
  return changed ? out : null
}
