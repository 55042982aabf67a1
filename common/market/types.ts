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
  /** Its price is the demo simulator's (MARKET_DATA=demo): screens showing it say "Demo prices". */
  demo?: boolean
}

/**
 * The rolling 24 h figures of one price series, every field set: the index (the server's
 * reference price for marks, loans, NAV...) or a market's own fills.
 */
export interface SeriesTicker {
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

/**
 * What the API and the `tickers` channel show of an instrument (docs/products/market-data.md,
 * "Honest figures"). For a market here (spot, perpetual) `last`, `open`, `high`, `low`,
 * `change`, `volume` and `turnover` are this exchange's own fills in it (null prices and zero
 * volume when it has not traded; no fill in 24 h: flat at the last trade). For an instrument
 * with no market here (metals, stocks, forex) they are the index's, with no volume.
 */
export interface Ticker {
  symbol: string
  last: string | null
  open: string | null
  high: string | null
  low: string | null
  change: string
  volume: string
  turnover: string
  /** The index price: the simulator in demo mode, the median of outside sources in live mode. */
  index: string
  ts: number
}

/** Which series a chart of the instrument draws: its own trades (spot) or the index (the rest). */
export type ChartSeries = 'trades' | 'index'

export function chartSeriesOf(category: Category): ChartSeries {
  return category === 'spot' ? 'trades' : 'index'
}

/** Whether the instrument has an order book here (its figures are its own fills). */
export function tradesHere(category: Category): boolean {
  return category === 'spot' || category === 'perpetual'
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
