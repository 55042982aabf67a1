import { applyDepthDiff, type DepthDiff } from '@common/market/depth-diff'
import { type DepthSnapshot, depthChannel, type PublicTrade, tradesChannel } from '@common/spot/schema'
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { resync, subscribe } from './client'

const TRADES_KEPT = 30

/** A feature's queryOptions factory for one symbol (module-level, so stable across renders). */
type QueryFor<T, K extends QueryKey> = (symbol: string) => UseQueryOptions<T, Error, T, K>

/**
 * Per `depth:` channel, the levels its messages were applied to (shared by every hook on it: the
 * socket client runs each message through all of a channel's handlers, and the first applies it).
 */
const books = new Map<string, { book: DepthSnapshot | null; last: DepthDiff | null; users: number }>()

/**
 * The order book, live: REST first paint from the feature's query, then the `depth:<SYMBOL>`
 * snapshot on subscribe and its diffs (common/market/depth-diff.ts) applied to it, each result
 * written over the query's data. A diff that does not follow the book held asks for a snapshot.
 * Spot and perpetuals share the channel shape, not the query key.
 */
export function useLiveBookDepth<K extends QueryKey>(
  symbol: string,
  depthQuery: QueryFor<DepthSnapshot, K>,
): DepthSnapshot | undefined {
  const qc = useQueryClient()
  const query = useQuery(depthQuery(symbol))
  useEffect(() => {
    const key: QueryKey = depthQuery(symbol).queryKey
    const ch = depthChannel(symbol)
    let state = books.get(ch)
    if (!state) {
      state = { book: null, last: null, users: 0 }
      books.set(ch, state)
    }
    const held = state
    held.users++
    // A second hook on a shared channel gets no snapshot: it starts from the levels held.
    if (held.book) qc.setQueryData(key, held.book)
    const off = subscribe<DepthSnapshot, DepthDiff>(ch, {
      onSnapshot: (d) => {
        held.book = d
        qc.setQueryData(key, d)
      },
      onMessage: (diff) => {
        // The same message reaches every hook on the channel: the first one applies it.
        if (held.last !== diff) {
          held.last = diff
          const next = held.book ? applyDepthDiff(held.book, diff, Date.now()) : null
          held.book = next
          if (!next) resync(ch)
        }
        if (held.book) qc.setQueryData(key, held.book)
      },
    })
    return () => {
      off()
      if (--held.users === 0 && books.get(ch) === held) books.delete(ch)
    }
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
