import type { Period } from '@common/market/periods'
import type { Candle, Floor, Instrument, Ticker } from '@common/market/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

export const marketKeys = {
  root: ['market'] as const,
  instruments: () => [...marketKeys.root, 'instruments'] as const,
  tickers: () => [...marketKeys.root, 'tickers'] as const,
  floor: () => [...marketKeys.root, 'floor'] as const,
  detail: (symbol: string) => [...marketKeys.root, 'detail', symbol] as const,
  kline: (symbol: string, period: Period) => [...marketKeys.root, 'kline', symbol, period] as const,
  favorites: () => [...marketKeys.root, 'favorites'] as const,
}

export type TickerMap = Record<string, Ticker>

export const instrumentsQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.instruments(),
    queryFn: ({ signal }) =>
      http.get<Instrument[]>('market/instruments', undefined, { toast: false, signal }),
    staleTime: 10 * 60 * 1000,
    meta: { persist: true },
  })

/** Kept live by the socket (use-live-tickers); REST is the snapshot and the resync. */
export const tickersQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.tickers(),
    queryFn: async ({ signal }) => {
      const list = await http.get<Ticker[]>('market/tickers', undefined, { toast: false, signal })
      return Object.fromEntries(list.map((t) => [t.symbol, t])) as TickerMap
    },
    staleTime: 60_000,
    // Updates replace only the tickers that changed (useLiveTickers), so comparing the whole map
    // deeply on every message would find nothing new.
    structuralSharing: false,
    meta: { persist: true },
  })

export const floorQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.floor(),
    queryFn: ({ signal }) => http.get<Floor>('floor', undefined, { toast: false, signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    meta: { persist: true },
  })

export const detailQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.detail(symbol),
    queryFn: ({ signal }) =>
      http.get<{ instrument: Instrument; ticker: Ticker | null }>('market/detail', { symbol }, { signal }),
    staleTime: 60_000,
  })

export function fetchKline(symbol: string, period: Period, to?: number, limit = 300): Promise<Candle[]> {
  return http.get<Candle[]>('market/kline', { symbol, period, to, limit }, { toast: false })
}

export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: marketKeys.favorites(),
    queryFn: ({ signal }) => http.get<string[]>('market/favorites', undefined, { toast: false, signal }),
    staleTime: 5 * 60 * 1000,
  })

export const favoritesApi = {
  add: (symbol: string) => http.post<string[]>('market/favorites/add', { symbol }),
  remove: (symbol: string) => http.post<string[]>('market/favorites/remove', { symbol }),
  merge: (symbols: string[]) => http.post<string[]>('market/favorites/merge', { symbols }, { toast: false }),
}
