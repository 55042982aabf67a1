import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { marketDataSetting } from '../start'
import { parseMarketDataConfig } from './config'

describe('MARKET_DATA_CONFIG', () => {
  it('accepts the shipped example, with the defaults filled in', () => {
    const raw = JSON.parse(readFileSync('config/market-data.example.json', 'utf8'))
    const c = parseMarketDataConfig(raw)
    expect(Object.keys(c.instruments)).toHaveLength(31)
    expect(c.instruments.BTCUSDT_PERP?.sources.map((s) => s.exchange)).toEqual(['binance', 'okx', 'bybit'])
    const bare = parseMarketDataConfig({
      exchanges: { okx: {} },
      instruments: { BTCUSDT: { sources: [{ exchange: 'okx', symbol: 'BTC/USDT' }] } },
    })
    expect(bare.instruments.BTCUSDT).toMatchObject({ minSources: 2, staleMs: 10_000, outlierBand: 0.02 })
  })

  it('names the faults of a bad file', () => {
    expect(() =>
      parseMarketDataConfig({
        exchanges: {},
        instruments: { BTCUSDT: { sources: [{ exchange: 'kraken', symbol: 'BTC/USDT' }], staleMs: 'x' } },
      }),
    ).toThrow(/instruments\.BTCUSDT\.staleMs/)
    expect(() =>
      parseMarketDataConfig({
        exchanges: {},
        instruments: { BTCUSDT: { sources: [{ exchange: 'kraken', symbol: 'BTC/USDT' }] } },
      }),
    ).toThrow(/names an exchange listed in "exchanges"/)
  })

  it('is read from MARKET_DATA and MARKET_DATA_CONFIG, demo by default', () => {
    expect(marketDataSetting({}).mode).toBe('demo')
    expect(() => marketDataSetting({ MARKET_DATA: 'real' })).toThrow(/"demo" or "live"/)
    expect(() => marketDataSetting({ MARKET_DATA: 'live' })).toThrow(/needs MARKET_DATA_CONFIG/)
    expect(() => marketDataSetting({ MARKET_DATA: 'live', MARKET_DATA_CONFIG: '/nonexistent.json' })).toThrow(
      /cannot read/,
    )
    const live = marketDataSetting({
      MARKET_DATA: 'live',
      MARKET_DATA_CONFIG: 'config/market-data.example.json',
    })
    expect(live.mode).toBe('live')
  })
})
