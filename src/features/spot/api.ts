import type { Page } from '@common/api/page'
import type { OcoOrderInput, PlaceOrderInput, SpotBalances, SpotFill, SpotOrder } from '@common/spot/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

export const spotKeys = {
  root: ['spot'] as const,
  balance: (symbol: string) => [...spotKeys.root, 'balance', symbol] as const,
  open: (symbol?: string) => [...spotKeys.root, 'open', symbol ?? 'all'] as const,
  history: (symbol?: string) => [...spotKeys.root, 'history', symbol ?? 'all'] as const,
  fills: (symbol?: string) => [...spotKeys.root, 'fills', symbol ?? 'all'] as const,
}

const OWN = new Set<unknown>(['balance', 'open', 'history', 'fills'])
/** The signed-in user's own spot data (not the public book and trades under this root, which the
 * socket keeps: src/lib/market/spot-book.ts). */
export const isOwnSpotQuery = (q: { queryKey: readonly unknown[] }) =>
  q.queryKey[0] === spotKeys.root[0] && OWN.has(q.queryKey[1])

export const balanceQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: spotKeys.balance(symbol),
    queryFn: ({ signal }) => http.get<SpotBalances>('spot/balance', { symbol }, { toast: false, signal }),
  })

export const openOrdersQueryOptions = (symbol?: string) =>
  queryOptions({
    queryKey: spotKeys.open(symbol),
    queryFn: ({ signal }) => http.get<SpotOrder[]>('spot/orders/open', symbol ? { symbol } : {}, { signal }),
  })

const PAGE = 20

export const historyQueryOptions = (symbol?: string) =>
  infiniteQueryOptions({
    queryKey: spotKeys.history(symbol),
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<SpotOrder>>(
        'spot/orders/history',
        { ...(symbol ? { symbol } : {}), ...(pageParam ? { before: pageParam } : {}), limit: PAGE },
        { signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const fillsQueryOptions = (symbol?: string) =>
  infiniteQueryOptions({
    queryKey: spotKeys.fills(symbol),
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<SpotFill>>(
        'spot/fills',
        { ...(symbol ? { symbol } : {}), ...(pageParam ? { before: pageParam } : {}), limit: PAGE },
        { signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const spotApi = {
  place: (input: PlaceOrderInput) => http.post<SpotOrder>('spot/order/place', input, { loading: true }),
  oco: (input: OcoOrderInput) => http.post<SpotOrder[]>('spot/order/oco', input, { loading: true }),
  cancel: (id: string) => http.post<SpotOrder>('spot/order/cancel', { id }),
  cancelAll: (symbol?: string) =>
    http.post<{ cancelled: number }>('spot/order/cancel-all', symbol ? { symbol } : {}),
}
