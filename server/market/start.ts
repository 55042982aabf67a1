import type { Config } from '../config'
import type { Db } from '../db/db'
import { backfill } from './backfill'
import { loadMarketDataConfig, type MarketDataConfig } from './live/config'
import { LiveMarketData } from './live/market'
import { hasCandles } from './repo'
import { MarketData } from './service'

export type MarketDataMode = 'demo' | 'live'

/**
 * MARKET_DATA (demo, the default: the simulator; live: the sources of MARKET_DATA_CONFIG) and
 * the checked config file. A wrong value or a bad file stops the start with a clear message.
 */
export function marketDataSetting(env: NodeJS.ProcessEnv = process.env): {
  mode: MarketDataMode
  live: MarketDataConfig | null
} {
  const mode = env.MARKET_DATA?.trim() || 'demo'
  if (mode === 'demo') return { mode, live: null }
  if (mode !== 'live') throw new Error(`MARKET_DATA must be "demo" or "live", got "${env.MARKET_DATA}"`)
  const file = env.MARKET_DATA_CONFIG?.trim()
  if (!file)
    throw new Error(
      'MARKET_DATA=live needs MARKET_DATA_CONFIG, the path of a JSON file of sources (see config/market-data.example.json)',
    )
  return { mode, live: loadMarketDataConfig(file) }
}

/**
 * Market data for a running server: on first start the candle history is generated
 * (BACKFILL_DAYS; demo mode only: live mode invents no history, its chart starts when it goes
 * live), then the live candles and tickers are loaded from the database. The feed itself starts
 * with `market.start()` once the server is ready.
 */
export async function openMarket(
  db: Db,
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ market: MarketData; backfilled: { rows: number; ms: number; days: number } | null }> {
  const { live } = marketDataSetting(env)
  const opts = { seed: config.indexSeed, tickMs: config.indexTickMs }
  const market = live ? new LiveMarketData(db, opts, live) : new MarketData(db, opts)
  let backfilled = null
  await market.load()
  if (!live && config.backfillDays > 0 && !(await hasCandles(db))) {
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
