import { type DepthSnapshot, depthChannel, type PublicTrade, tradesChannel } from '@common/spot/schema'
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { subscribe } from './client'

const TRADES_KEPT = 30

/** A feature's queryOptions factory for one symbol (module-level, so stable across renders). */
type QueryFor<T, K extends QueryKey> = (symbol: string) => UseQueryOptions<T, Error, T, K>

/**
 * The order book, live: REST first paint from the feature's query, then `depth:<SYMBOL>`
 * snapshots written over it. Spot and perpetuals share the channel shape, not the query key.
 */
export function useLiveBookDepth<K extends QueryKey>(
  symbol: string,
  depthQuery: QueryFor<DepthSnapshot, K>,
): DepthSnapshot | undefined {
  const qc = useQueryClient()
  const query = useQuery(depthQuery(symbol))
  useEffect(() => {
    const key: QueryKey = depthQuery(symbol).queryKey
    return subscribe<DepthSnapshot, DepthSnapshot>(depthChannel(symbol), {
      onSnapshot: (d) => qc.setQueryData(key, d),
      onMessage: (d) => qc.setQueryData(key, d),
    })
  }, [qc, symbol, depthQuery])
  return query.data
}

/** Recent trades, newest first, live from `trades:<SYMBOL>` (new ones on top, 30 kept). */
export function useLiveBookTrades<K extends QueryKey>(
  symbol: string,
  tradesQuery: QueryFor<PublicTrade[], K>,
): PublicTrade[] | undefined {
  const qc = useQueryClient()
  const query = useQuery(tradesQuery(symbol))
  useEffect(() => {
    const key: QueryKey = tradesQuery(symbol).queryKey
    return subscribe<PublicTrade[], PublicTrade[]>(tradesChannel(symbol), {
      onSnapshot: (list) => qc.setQueryData(key, list),
      onMessage: (list) =>
        qc.setQueryData(key, (old: PublicTrade[] | undefined) => {
          const seen = new Set((old ?? []).map((t) => t.id))
          const fresh = list.filter((t) => !seen.has(t.id)).reverse()
          return [...fresh, ...(old ?? [])].slice(0, TRADES_KEPT)
        }),
    })
  }, [qc, symbol, tradesQuery])
  return query.data
}
