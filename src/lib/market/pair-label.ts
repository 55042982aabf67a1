import type { Instrument } from '@common/market/types'

/** BTC/USDT, EUR/USD; metals and stocks by their code (XAU, AAPL). */
export function pairLabel(i: Instrument): string {
  return i.category === 'metals' || i.category === 'stocks' ? i.base : `${i.base}/${i.quote}`
}
