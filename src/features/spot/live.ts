import { CHANNEL_USER } from '@common/constants'
import {
  type DepthSnapshot,
  depthChannel,
  type PublicTrade,
  type SpotOrder,
  tradesChannel,
} from '@common/schemas/spot'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { tokenAtom } from '@/app/store'
import { subscribe } from '@/lib/socket/client'
import { depthQueryOptions, spotKeys, tradesQueryOptions } from './api'

const TRADES_KEPT = 30

/** The order book, live: REST first paint, then `depth:<SYMBOL>` snapshots. */
export function useLiveDepth(symbol: string): DepthSnapshot | undefined {
  const qc = useQueryClient()
  const query = useQuery(depthQueryOptions(symbol))
  useEffect(() => {
    const key = spotKeys.depth(symbol)
    return subscribe<DepthSnapshot, DepthSnapshot>(depthChannel(symbol), {
      onSnapshot: (d) => qc.setQueryData(key, d),
      onMessage: (d) => qc.setQueryData(key, d),
    })
  }, [qc, symbol])
  return query.data
}

/** Recent trades, newest first, live from `trades:<SYMBOL>`. */
export function useLiveTrades(symbol: string): PublicTrade[] | undefined {
  const qc = useQueryClient()
  const query = useQuery(tradesQueryOptions(symbol))
  useEffect(() => {
    const key = spotKeys.trades(symbol)
    return subscribe<PublicTrade[], PublicTrade[]>(tradesChannel(symbol), {
      onSnapshot: (list) => qc.setQueryData(key, list),
      onMessage: (list) =>
        qc.setQueryData(key, (old: PublicTrade[] | undefined) => {
          const seen = new Set((old ?? []).map((t) => t.id))
          const fresh = list.filter((t) => !seen.has(t.id)).reverse()
          return [...fresh, ...(old ?? [])].slice(0, TRADES_KEPT)
        }),
    })
  }, [qc, symbol])
  return query.data
}

/** The user's order updates arrive on the private `user` channel: refresh what they touch. */
export function useOrderUpdates(): void {
  const qc = useQueryClient()
  const token = useAtomValue(tokenAtom)
  useEffect(() => {
    if (!token) return
    return subscribe<unknown, { order?: SpotOrder }>(CHANNEL_USER, {
      onSnapshot: () => {},
      onMessage: (d) => {
        if (!d.order) return
        void qc.invalidateQueries({ queryKey: spotKeys.root })
      },
    })
  }, [qc, token])
}
