import { CHANNEL_TICKERS } from '@common/constants'
import type { Ticker } from '@common/market/types'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { type TickerMap, tickersQueryOptions } from './api'

type TickerUpdate = Pick<Ticker, 'symbol'> & Partial<Ticker>

/** All tickers, live: REST snapshot, then socket updates written into the query cache. */
export function useLiveTickers(): TickerMap | undefined {
  const qc = useQueryClient()
  const query = useQuery(tickersQueryOptions())
  useEffect(() => {
    const key = tickersQueryOptions().queryKey
    // Snapshot: whole tickers. Messages: per ticker the symbol and only the fields that changed
    // (all fields for a symbol not seen before); the socket's sequence check guarantees the base.
    return subscribe<Ticker[], TickerUpdate[]>(CHANNEL_TICKERS, {
      onSnapshot(list) {
        qc.setQueryData(key, Object.fromEntries(list.map((t) => [t.symbol, t])) as TickerMap)
      },
      onMessage(list) {
        qc.setQueryData(key, (old: TickerMap | undefined) => {
          const next = { ...old }
          for (const u of list) {
            const base = next[u.symbol]
            next[u.symbol] = (base ? { ...base, ...u } : u) as Ticker
          }
          return next
        })
      },
    })
  }, [qc])
  return query.data
}
