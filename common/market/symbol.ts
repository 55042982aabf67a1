/** Quote currencies a crypto symbol can end with (the instrument table's quotes), longest first. */
export const QUOTES = ['USDT', 'USDC', 'BTC', 'ETH'] as const

/**
 * The display form of a symbol when its instrument is not at hand: BTCUSDT -> BTC/USDT,
 * BTCUSDT_PERP -> BTC/USDT. Anything else is shown as it is.
 */
export function symbolLabel(symbol: string): string {
  const s = symbol.endsWith('_PERP') ? symbol.slice(0, -'_PERP'.length) : symbol
  for (const q of QUOTES) if (s.length > q.length && s.endsWith(q)) return `${s.slice(0, -q.length)}/${q}`
  return symbol
}
