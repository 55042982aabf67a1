import type { CandleTable } from './schema'

/** Table types of market data beyond the index (migration 031). */
export interface MarketTables {
  /** A market's own candles, from this exchange's fills (the `candle` table is the index series). */
  trade_candle: CandleTable
}
