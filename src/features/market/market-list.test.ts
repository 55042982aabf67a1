import type { Instrument, Ticker } from '@common/market/types'
import { describe, expect, it } from 'vitest'
import { marketRows, mergeFavorites, nextSort, toggle } from './market-list'

const inst = (symbol: string, category: Instrument['category'], base: string, name: string): Instrument => ({
  symbol,
  category,
  base,
  quote: 'USDT',
  name,
  pricePrecision: 2,
  amountPrecision: 2,
  minAmount: '0.01',
  minNotional: '5',
  status: 'trading',
  hot: false,
  logo: '',
  logoColor: '#555555',
  sort: 0,
})
const tick = (symbol: string, last: string, change: string, turnover: string): Ticker => ({
  symbol,
  last,
  change,
  turnover,
  open: last,
  high: last,
  low: last,
  volume: '1',
  index: last,
  ts: 0,
})

const INSTRUMENTS = [
  inst('BTCUSDT', 'spot', 'BTC', 'Bitcoin'),
  inst('ETHUSDT', 'spot', 'ETH', 'Ethereum'),
  inst('DOGEUSDT', 'spot', 'DOGE', 'Dogecoin'),
  inst('BTCUSDT_PERP', 'perpetual', 'BTC', 'Bitcoin'),
  inst('XAUUSD', 'metals', 'XAU', 'Gold'),
]
const TICKERS = {
  BTCUSDT: tick('BTCUSDT', '65000.5', '1.20', '900'),
  ETHUSDT: tick('ETHUSDT', '3200', '-2.50', '1200'),
  DOGEUSDT: tick('DOGEUSDT', '0.15', '10.00', '50'),
}
const base = {
  tab: 'spot' as const,
  query: '',
  favorites: [],
  sort: 'default' as const,
  dir: 'desc' as const,
}
const symbols = (rows: { instrument: Instrument }[]) => rows.map((r) => r.instrument.symbol)

describe('market list', () => {
  it('filters by tab and search on symbol, pair and name', () => {
    expect(symbols(marketRows(INSTRUMENTS, TICKERS, base))).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT'])
    expect(symbols(marketRows(INSTRUMENTS, TICKERS, { ...base, query: 'eth' }))).toEqual(['ETHUSDT'])
    expect(symbols(marketRows(INSTRUMENTS, TICKERS, { ...base, query: 'btc/usdt' }))).toEqual(['BTCUSDT'])
    expect(symbols(marketRows(INSTRUMENTS, TICKERS, { ...base, query: 'coin' }))).toEqual([
      'BTCUSDT',
      'DOGEUSDT',
    ])
    expect(symbols(marketRows(INSTRUMENTS, TICKERS, { ...base, tab: 'metals', query: 'gold' }))).toEqual([
      'XAUUSD',
    ])
  })
  it('shows favourites across categories in the order they were added', () => {
    const rows = marketRows(INSTRUMENTS, TICKERS, {
      ...base,
      tab: 'favorites',
      favorites: ['XAUUSD', 'BTCUSDT'],
    })
    expect(symbols(rows)).toEqual(['XAUUSD', 'BTCUSDT'])
  })
  it('sorts by price, change and volume as decimals, both ways', () => {
    const by = (sort: 'price' | 'change' | 'volume', dir: 'asc' | 'desc') =>
      symbols(marketRows(INSTRUMENTS, TICKERS, { ...base, sort, dir }))
    expect(by('price', 'desc')).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT'])
    expect(by('change', 'desc')).toEqual(['DOGEUSDT', 'BTCUSDT', 'ETHUSDT'])
    expect(by('change', 'asc')).toEqual(['ETHUSDT', 'BTCUSDT', 'DOGEUSDT'])
    expect(by('volume', 'desc')).toEqual(['ETHUSDT', 'BTCUSDT', 'DOGEUSDT'])
  })
  it('cycles sort headers and toggles and merges favourites', () => {
    let s = nextSort({ sort: 'default', dir: 'desc' }, 'price')
    expect(s).toEqual({ sort: 'price', dir: 'desc' })
    s = nextSort(s, 'price')
    expect(s).toEqual({ sort: 'price', dir: 'asc' })
    expect(nextSort(s, 'price')).toEqual({ sort: 'default', dir: 'desc' })
    expect(toggle(['A'], 'B')).toEqual(['A', 'B'])
    expect(toggle(['A', 'B'], 'A')).toEqual(['B'])
    expect(mergeFavorites(['A', 'B'], ['B', 'C'])).toEqual(['A', 'B', 'C'])
  })
})
