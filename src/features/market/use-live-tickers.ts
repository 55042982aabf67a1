import { CHANNEL_TICKERS } from '@common/constants'
import type { Ticker } from '@common/market/types'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribe } from '@/lib/socket/client'
import { type TickerMap, tickersQueryOptions } from './api'

/** All tickers, live: REST snapshot, then socket updates written into the query cache. */
export function useLiveTickers(): TickerMap | undefined {
  const qc = useQueryClient()
  const query = useQuery(tickersQueryOptions())
  useEffect(() => {
    const key = tickersQueryOptions().queryKey
    return subscribe<Ticker[], Ticker[]>(CHANNEL_TICKERS, {
      onSnapshot(list) {
        qc.setQueryData(key, Object.fromEntries(list.map((t) => [t.symbol, t])) as TickerMap)
      },
      onMessage(list) {
        qc.setQueryData(key, (old: TickerMap | undefined) => {
          const next = { ...old }
          for (const t of list) next[t.symbol] = t
          return next
        })
      },
    })
  }, [qc])
  return query.data
}
