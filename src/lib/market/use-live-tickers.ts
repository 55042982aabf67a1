import { CHANNEL_TICKERS } from '@common/constants'
import type { Ticker } from '@common/market/types'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { type TickerMap, tickersQueryOptions } from './api'
import { mergeTickers, type TickerUpdate } from './ticker-merge'

/**
 * Keeps every ticker live in the query cache: REST snapshot, then socket updates. With
 * `watch: false` the caller is not rendered again on each update (a list whose rows read their own
 * ticker with useTicker: one update a second moves every price, and re-rendering a whole page for
 * it is a long task on a mid-range phone).
 */
export function useLiveTickers({ watch = true }: { watch?: boolean } = {}): TickerMap | undefined {
  const qc = useQueryClient()
  const query = useQuery({ ...tickersQueryOptions(), notifyOnChangeProps: watch ? ['data'] : [] })
  useEffect(() => {
    const key = tickersQueryOptions().queryKey
    // Snapshot: whole tickers. Messages: per ticker the symbol and only the fields that changed
    // (all fields for a symbol not seen before); the socket's sequence check guarantees the base.
    return subscribe<Ticker[], TickerUpdate[]>(CHANNEL_TICKERS, {
      onSnapshot(list) {
        qc.setQueryData(key, (old: TickerMap | undefined) => mergeTickers(old, list, true))
      },
      onMessage(list) {
        qc.setQueryData(key, (old: TickerMap | undefined) => mergeTickers(old, list, false))
      },
    })
  }, [qc])
  return query.data
}

/**
 * One market's ticker from the cache useLiveTickers keeps live; renders again only when it changes,
 * and with `onScreen` (useOnScreen) only while the element showing it is on screen.
 */
export function useTicker(symbol: string, onScreen?: RefObject<boolean>): Ticker | undefined {
  return useQuery({
    ...tickersQueryOptions(),
    select: (all: TickerMap) => all[symbol],
    notifyOnChangeProps: onScreen ? () => (onScreen.current ? ['data'] : []) : ['data'],
  }).data
}
