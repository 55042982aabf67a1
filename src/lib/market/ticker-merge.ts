import type { Ticker } from '@common/market/types'
import type { TickerMap } from './api'

export type TickerUpdate = Pick<Ticker, 'symbol'> & Partial<Ticker>

const sameTicker = (a: Ticker, b: Ticker) =>
  (Object.keys(b) as (keyof Ticker)[]).every((k) => a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length

/**
 * The cached tickers after a socket snapshot (whole tickers) or message (per ticker the symbol and
 * the fields that changed). A ticker that did not change keeps its object, so a row showing it does
 * not render again: the snapshot that follows the REST answer usually changes nothing.
 */
export function mergeTickers(
  old: TickerMap | undefined,
  list: readonly TickerUpdate[],
  whole: boolean,
): TickerMap {
  const next: TickerMap = whole ? {} : { ...old }
  let changed = whole ? Object.keys(old ?? {}).length !== list.length : false
  for (const u of list) {
    const base = old?.[u.symbol]
    const merged = (whole || !base ? u : { ...base, ...u }) as Ticker
    if (base && sameTicker(base, merged)) next[u.symbol] = base
    else {
      next[u.symbol] = merged
      changed = true
    }
  }
  return changed || !old ? next : old
}
