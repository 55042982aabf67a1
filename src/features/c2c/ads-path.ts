/** What the ads list is filtered by (the C2C home page's choices). */
export interface AdsFilter {
  side: 'buy' | 'sell'
  coin: string
  fiat: string
  merchant?: boolean
  payKind?: string
}

/**
 * The ads a visitor's C2C screen opens on (TransactionPage's first choices: buy USDT with CNY, and
 * the taker buys from sell ads). The static shell asks for these with the app's code
 * (scripts/vite-app-shell.ts) and paints them before the app has started.
 */
export const FIRST_ADS: AdsFilter = { side: 'sell', coin: 'USDT', fiat: 'CNY' }

/**
 * The ads list's address, query included: the HTTP client hands a GET the shell's early answer only
 * for the same address with no separate query (src/lib/http/prefetched.ts), so the first list is not
 * asked for twice. On the wire it is the request it always was.
 */
export function adsPath(f: AdsFilter): string {
  const q = new URLSearchParams({ side: f.side, coin: f.coin, fiat: f.fiat })
  if (f.merchant) q.set('merchant', '1')
  if (f.payKind) q.set('payKind', f.payKind)
  return `c2c/ads?${q}`
}
