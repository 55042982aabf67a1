import type { DepthSnapshot, PublicTrade } from '@common/spot/schema'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'
import { useLiveBookDepth, useLiveBookTrades } from '@/lib/socket/live-book'

/**
 * A spot pair's public book and trades, which the spot ticket and the quote page both show. The
 * keys sit under the spot root (`['spot', ...]`, features/spot/api.ts spotKeys), so the ticket's
 * refresh after an order reads them again as it does its own data.
 */
export const spotBookKeys = {
  depth: (symbol: string) => ['spot', 'depth', symbol] as const,
  trades: (symbol: string) => ['spot', 'trades', symbol] as const,
}

/** Kept live by the `depth:<SYMBOL>` channel; REST is the first paint. */
export const spotDepthQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: spotBookKeys.depth(symbol),
    queryFn: ({ signal }) =>
      http.get<DepthSnapshot>('spot/depth', { symbol, limit: 20 }, { toast: false, signal }),
    staleTime: 5_000,
  })

export const spotTradesQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: spotBookKeys.trades(symbol),
    queryFn: ({ signal }) =>
      http.get<PublicTrade[]>('spot/trades', { symbol, limit: 30 }, { toast: false, signal }),
    staleTime: 5_000,
  })

/** The order book, live: REST first paint, then `depth:<SYMBOL>` snapshots. */
export const useSpotDepth = (symbol: string) => useLiveBookDepth(symbol, spotDepthQueryOptions)

/** Recent trades, newest first, live from `trades:<SYMBOL>`. */
export const useSpotTrades = (symbol: string) => useLiveBookTrades(symbol, spotTradesQueryOptions)
