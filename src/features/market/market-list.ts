import type { Category, Instrument, Ticker } from '@common/market/types'
import { cmp } from '@common/money/decimal'

export const TABS = ['favorites', 'spot', 'perpetual', 'metals', 'stocks', 'forex'] as const
export type Tab = 'favorites' | Category
export type SortKey = 'default' | 'price' | 'change' | 'volume'
export type SortDir = 'asc' | 'desc'

export interface Row {
  instrument: Instrument
  ticker: Ticker | undefined
}

/** Rows of one tab, matching the search (symbol, base or name), in the chosen order. */
export function marketRows(
  instruments: readonly Instrument[],
  tickers: Record<string, Ticker> | undefined,
  opts: { tab: Tab; query: string; favorites: readonly string[]; sort: SortKey; dir: SortDir },
): Row[] {
  const q = opts.query.trim().toUpperCase().replace(/[\s/]/g, '')
  const favs = new Set(opts.favorites)
  let list = instruments.filter((i) =>
    opts.tab === 'favorites' ? favs.has(i.symbol) : i.category === opts.tab,
  )
  if (q) {
    list = list.filter(
      (i) =>
        i.symbol.includes(q) ||
        `${i.base}${i.quote}`.includes(q) ||
        i.name.toUpperCase().replace(/[\s/]/g, '').includes(q),
    )
  }
  const rows = list.map((instrument) => ({ instrument, ticker: tickers?.[instrument.symbol] }))
  if (opts.sort === 'default') {
    if (opts.tab === 'favorites') {
      const order = new Map(opts.favorites.map((s, i) => [s, i]))
      rows.sort((a, b) => (order.get(a.instrument.symbol) ?? 0) - (order.get(b.instrument.symbol) ?? 0))
    }
    return rows
  }
  const field = opts.sort === 'price' ? 'last' : opts.sort === 'change' ? 'change' : 'turnover'
  const sign = opts.dir === 'asc' ? 1 : -1
  // Rows without a ticker yet go last whatever the direction.
  return rows.sort((a, b) => {
    if (!a.ticker || !b.ticker) return a.ticker ? -1 : b.ticker ? 1 : 0
    // A market that has not traded has no price: it sorts as zero.
    return sign * cmp(a.ticker[field] ?? '0', b.ticker[field] ?? '0')
  })
}

/** Next state of a sort header: descending, ascending, then back to the default order. */
export function nextSort(
  current: { sort: SortKey; dir: SortDir },
  key: SortKey,
): { sort: SortKey; dir: SortDir } {
  if (current.sort !== key) return { sort: key, dir: 'desc' }
  if (current.dir === 'desc') return { sort: key, dir: 'asc' }
  return { sort: 'default', dir: 'desc' }
}

export function toggle(list: readonly string[], symbol: string): string[] {
  return list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol]
}

/** Visitor favourites joining the account's after login: account order first, no duplicates. */
export function mergeFavorites(account: readonly string[], local: readonly string[]): string[] {
  return [...account, ...local.filter((s) => !account.includes(s))]
}
