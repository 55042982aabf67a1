import type { IndexStatus, MarketDataView } from '@common/market/index-status'
import { indexHealth } from '../../market/index-health'
import type { MarketData } from '../../market/service'

/** One instrument's index state as users see it (the notice on trade screens). */
export function indexStatusOf(market: MarketData, symbol: string, now = Date.now()): IndexStatus {
  const h = indexHealth(market)
  const s = h.status(symbol, now)
  return { symbol, mode: h.mode, state: s.state, staleSince: s.staleSince, lastPublishAt: s.lastPublishAt }
}

/** The console's market-data page: every instrument, its sources and its index state. Read only. */
export function marketDataView(market: MarketData, now = Date.now()): MarketDataView {
  const h = indexHealth(market)
  return {
    mode: h.mode,
    now,
    instruments: market.instruments().map((i) => {
      const s = h.status(i.symbol, now)
      return {
        symbol: i.symbol,
        category: i.category,
        state: s.state,
        sincePublishMs: s.lastPublishAt === null ? null : Math.max(0, now - s.lastPublishAt),
        staleSince: s.staleSince,
        minSources: s.minSources,
        staleMs: s.staleMs,
        outlierBand: s.outlierBand,
        sources: s.sources.map((src) => ({
          exchange: src.exchange,
          symbol: src.symbol,
          weight: src.weight,
          lastPrice: src.lastPrice,
          ageMs: src.lastAt === null ? null : Math.max(0, now - src.lastAt),
          messages: src.messages,
          outliers: src.outliers,
          errors: src.errors,
          lastError: src.lastError,
          state: src.state,
          via: src.via,
        })),
      }
    }),
  }
}
