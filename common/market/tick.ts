import { add, type DecimalString, gt, isDecimalString, mul, normalize, round, sub } from '../money/decimal'

/**
 * The one price-tick rule of every order path (spot and perpetual limits, reduce-only limit
 * closes, TP/SL triggers and the coming conditional orders). A market's tick is 10^-pp, pp being
 * its price precision.
 *
 * - A price the user typed must be ON the tick: `onTick` answers null for a price with more
 *   decimals than the market has (65,947.435 on a 0.01 tick), and the server refuses it with
 *   `priceOffTick` (1405). Nothing is rounded for the user: a rounded limit could fill beyond
 *   what they asked (half-up made a long at 65,947.435 fill at 65,947.44).
 * - A price the system computes (a protection bound, a bankruptcy price, a favourable suggestion
 *   in the app) goes onto the tick with `toTickInFavour`: a buy's limit down, a sell's limit up,
 *   so the holder never gets a worse price than the exact one.
 */

/** The market's tick, e.g. '0.01' for pp 2. */
export function tickSize(pp: number): DecimalString {
  return pp <= 0 ? '1' : `0.${'0'.repeat(pp - 1)}1`
}

/** Decimal places a price actually uses (trailing zeros do not count). */
function placesOf(price: DecimalString): number {
  const n = normalize(price)
  const dot = n.indexOf('.')
  return dot < 0 ? 0 : n.length - dot - 1
}

/** The price, normalized, when it is positive and on the tick; null otherwise. */
export function onTick(price: DecimalString, pp: number): DecimalString | null {
  if (!isDecimalString(price) || !gt(price, '0')) return null
  return placesOf(price) <= pp ? normalize(price) : null
}

/** Is a limit price of this side at least as good as `fill` for its holder? (buy: fill <= limit). */
export function withinLimit(side: 'buy' | 'sell', limit: DecimalString, fill: DecimalString): boolean {
  return side === 'buy' ? !gt(fill, limit) : !gt(limit, fill)
}

/** A computed price onto the tick in the holder's favour: a buy rounds down, a sell up. */
export function toTickInFavour(side: 'buy' | 'sell', price: DecimalString, pp: number): DecimalString {
  // Prices are positive: 'down' and 'up' act on the magnitude.
  return round(price, pp, side === 'buy' ? 'down' : 'up')
}

/**
 * Price protection (perpetual reduce-only market closes, TP/SL and liquidations): the worst
 * price such an order may fill at, `band` (e.g. '0.02') away from the index on the adverse side:
 * a sell no lower than index x (1 - band), a buy no higher than index x (1 + band), on the tick
 * in the holder's favour.
 */
export function protectionBound(
  side: 'buy' | 'sell',
  index: DecimalString,
  band: DecimalString,
  pp: number,
): DecimalString {
  const exact = side === 'sell' ? mul(index, sub('1', band)) : mul(index, add('1', band))
  const p = toTickInFavour(side, exact, pp)
  // A band of 100 % or more leaves a sell no floor: the smallest tick.
  return gt(p, '0') ? p : tickSize(pp)
}

/** A protection window: the worst price an order may fill at, and the best (null: no limit). */
export interface PriceWindow {
  worst: DecimalString
  better: DecimalString | null
}

/**
 * Price protection both ways: `band` around the index. A sell fills within
 * [index x (1 - band), index x (1 + band)], a buy the same; the far edge keeps quotes of an old
 * price (a gap the makers have not followed yet) from filling to the maker's or the user's cost.
 * Both edges are on the tick, inside the exact band.
 */
export function protectionWindow(
  side: 'buy' | 'sell',
  index: DecimalString,
  band: DecimalString,
  pp: number,
): PriceWindow {
  const worst = protectionBound(side, index, band, pp)
  const far = side === 'sell' ? mul(index, add('1', band)) : mul(index, sub('1', band))
  // Inside the band: a sell's highest price rounds down, a buy's lowest up.
  const better = round(far, pp, side === 'sell' ? 'down' : 'up')
  return { worst, better: gt(better, '0') ? better : tickSize(pp) }
}
