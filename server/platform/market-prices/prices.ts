import { type DecimalString, div, isZero, normalize } from '@common/money/decimal'
import type { MarketData } from '../../market/service'

/** Index price of one unit of `asset` in USDT; null when the index has none. */
export function indexPriceUsdt(market: MarketData, asset: string): DecimalString | null {
  if (asset === 'USDT') return '1'
  const t = market.ticker(`${asset}USDT`)
  return t && !isZero(t.last) ? normalize(t.last) : null
}

/**
 * Units of a display currency per USDT, from the forex index, counting 1 USDT as 1 USD (the
 * app says so). Null for currencies the index does not price (the app says that too).
 */
export function displayRate(market: MarketData, currency: string): DecimalString | null {
  if (currency === 'USD') return '1'
  const direct = market.ticker(`USD${currency}`)
  if (direct && !isZero(direct.last)) return normalize(direct.last)
  const inverse = market.ticker(`${currency}USD`)
  if (inverse && !isZero(inverse.last)) return div('1', inverse.last, 12, 'half-up')
  return null
}
