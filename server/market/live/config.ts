import { readFileSync } from 'node:fs'
import * as v from 'valibot'

/**
 * MARKET_DATA_CONFIG: the live index sources (docs/products/market-data.md documents every key).
 * The file is checked whole at start; a bad file stops the start with the path of the fault.
 */

const positive = v.pipe(v.number(), v.finite(), v.minValue(0, 'must be 0 or more'))

/** One source of an instrument: a ccxt exchange and its symbol, or a plain HTTP JSON document. */
export const sourceSchema = v.strictObject({
  /** A ccxt exchange id named in `exchanges`, or "http" for a JSON document. */
  exchange: v.pipe(v.string(), v.regex(/^[a-z0-9]+$/, 'a ccxt exchange id such as "binance", or "http"')),
  /** The exchange's unified symbol (e.g. "BTC/USDT"); for "http", a name shown in the console. */
  symbol: v.pipe(v.string(), v.minLength(1)),
  /** Weight in the weighted median (default 1). */
  weight: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0, 'must be above 0'))),
  /** The price is multiplied by this (e.g. a USD source for a USDT instrument through a rate). */
  factor: v.optional(v.pipe(v.number(), v.finite(), v.gtValue(0, 'must be above 0'))),
  /** "http" only: the document's address. */
  url: v.optional(v.pipe(v.string(), v.url())),
  /** "http" only: the dotted path of the price in the document, e.g. "data.price". */
  path: v.optional(v.pipe(v.string(), v.minLength(1))),
})

const instrumentSchema = v.strictObject({
  sources: v.array(sourceSchema),
  minSources: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 2),
  staleMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(500)), 10_000),
  outlierBand: v.optional(v.pipe(v.number(), v.gtValue(0), v.maxValue(1)), 0.02),
})

export const marketDataConfigSchema = v.pipe(
  v.strictObject({
    /** ccxt exchange id -> options for its constructor (may override `urls`). */
    exchanges: v.record(v.pipe(v.string(), v.regex(/^[a-z0-9]+$/)), v.record(v.string(), v.unknown())),
    /** Our symbol -> its sources and rule. */
    instruments: v.record(v.pipe(v.string(), v.regex(/^[A-Z0-9_]+$/)), instrumentSchema),
    /** REST polling interval when streaming fails or an exchange does not stream (ms). */
    pollMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200)), 2000),
    /** Option rounds wait this long after delivery for a fresh index, then are refunded (ms). */
    optionWaitMs: v.optional(v.pipe(positive, v.integer()), 60_000),
    /** A funding time waits this long for a fresh index, then that interval is skipped (ms). */
    fundingWaitMs: v.optional(v.pipe(positive, v.integer()), 3_600_000),
  }),
  v.check(
    (c) =>
      Object.values(c.instruments).every((i) =>
        i.sources.every((s) =>
          s.exchange === 'http' ? Boolean(s.url && s.path) : s.exchange in c.exchanges,
        ),
      ),
    'every source names an exchange listed in "exchanges" (or is "http" with "url" and "path")',
  ),
)

export type MarketDataConfig = v.InferOutput<typeof marketDataConfigSchema>
export type SourceConfig = v.InferOutput<typeof sourceSchema>
export type InstrumentConfig = MarketDataConfig['instruments'][string]

/** Parses a config object; throws an Error naming each fault with its path. */
export function parseMarketDataConfig(raw: unknown, origin = 'MARKET_DATA_CONFIG'): MarketDataConfig {
  const r = v.safeParse(marketDataConfigSchema, raw)
  if (r.success) return r.output
  const lines = r.issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i)
    return `  ${path ?? '(file)'}: ${i.message}`
  })
  throw new Error(`${origin} is not valid:\n${lines.join('\n')}`)
}

/** Reads and checks the file; a missing or malformed file throws with a clear message. */
export function loadMarketDataConfig(file: string): MarketDataConfig {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    throw new Error(`MARKET_DATA_CONFIG: cannot read ${file} (${(err as Error).message})`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    throw new Error(`MARKET_DATA_CONFIG: ${file} is not JSON (${(err as Error).message})`)
  }
  return parseMarketDataConfig(raw, `MARKET_DATA_CONFIG ${file}`)
}
