/**
 * Where the index prices come from and whether they are current (docs/products/market-data.md):
 * the public answer a trade screen shows a notice from, and the console's market-data page.
 */

export type MarketDataMode = 'demo' | 'live'

/** none: live mode with no live source configured (the market cannot trade). */
export type IndexState = 'fresh' | 'stale' | 'none'

/** GET /api/market/index-status?symbol= */
export interface IndexStatus {
  symbol: string
  mode: MarketDataMode
  state: IndexState
  /** Since when it is stale (ms), null when fresh or never priced. */
  staleSince: number | null
  /** The last index publish (ms), null before the first. */
  lastPublishAt: number | null
}

export interface MarketDataSource {
  exchange: string
  symbol: string
  weight: number
  lastPrice: string | null
  /** Age of its last price at the time of the answer (ms), null before the first. */
  ageMs: number | null
  messages: number
  outliers: number
  errors: number
  lastError: { at: number; message: string } | null
  state: 'used' | 'stale' | 'outlier' | 'waiting'
  via: 'stream' | 'poll' | 'http'
}

export interface MarketDataInstrument {
  symbol: string
  category: string
  state: IndexState
  /** Time since the last publish (ms), null before the first. */
  sincePublishMs: number | null
  staleSince: number | null
  minSources: number
  staleMs: number
  outlierBand: number
  sources: MarketDataSource[]
}

/** GET /api/admin/market-data */
export interface MarketDataView {
  mode: MarketDataMode
  now: number
  instruments: MarketDataInstrument[]
}
