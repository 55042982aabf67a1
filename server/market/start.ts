import type { Config } from '../config'
import type { Db } from '../db/db'
import { backfill } from './backfill'
import { hasCandles } from './repo'
import { MarketData } from './service'

/**
 * Market data for a running server: on first start the candle history is generated
 * (BACKFILL_DAYS), then the live candles and tickers are loaded from the database.
 * The feed itself starts with `market.start()` once the server is ready.
 */
export async function openMarket(
  db: Db,
  config: Config,
): Promise<{ market: MarketData; backfilled: { rows: number; ms: number; days: number } | null }> {
  const market = new MarketData(db, { seed: config.indexSeed, tickMs: config.indexTickMs })
  let backfilled = null
  await market.load()
  if (config.backfillDays > 0 && !(await hasCandles(db))) {
    const { rows, ms } = await backfill(db, market.simInstruments(), {
      days: config.backfillDays,
      seed: config.indexSeed,
      now: Date.now(),
      tz: market.tz,
    })
    backfilled = { rows, ms, days: config.backfillDays }
    await market.load()
  }
  return { market, backfilled }
}
