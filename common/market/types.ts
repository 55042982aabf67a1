import type { Period } from './periods'

/** Wire types of the market API. Every price and amount is a decimal string. */
export const CATEGORIES = ['spot', 'perpetual', 'metals', 'stocks', 'forex'] as const
export type Category = (typeof CATEGORIES)[number]

export type InstrumentStatus = 'trading' | 'suspended'

export interface Instrument {
  symbol: string
  category: Category
  base: string
  quote: string
  /** Display name of the underlying ("Bitcoin", "Gold", "Apple"), data rather than UI text. */
  name: string
  pricePrecision: number
  amountPrecision: number
  minAmount: string
  minNotional: string
  status: InstrumentStatus
  hot: boolean
  logo: string
  /** The colour `logo` is drawn in ("#f7931a"): the app draws the same badge without the image. */
  logoColor: string
  sort: number
}

export interface Ticker {
  symbol: string
  last: string
  /** Price 24 h ago (first price in the window). */
  open: string
  high: string
  low: string
  /** Percent, fixed to 2 decimals ("-1.25"). */
  change: string
  volume: string
  turnover: string
  ts: number
}

export interface Candle {
  /** Open time, epoch ms. */
  t: number
  o: string
  h: string
  l: string
  c: string
  v: string
  /** Turnover in quote currency. */
  q: string
}

export interface CandleUpdate {
  symbol: string
  period: Period
  candle: Candle
}

export interface FloorShortcut {
  id: string
  path: string
  search?: Record<string, string>
}

export interface Floor {
  banners: { id: string; image: string; link: string | null; title: string }[]
  notices: { id: string; title: string; link: string | null }[]
  shortcuts: FloorShortcut[]
  lists: { gainers: string[]; losers: string[]; volume: string[]; hot: string[] }
}
