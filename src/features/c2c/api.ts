import type { Page } from '@common/api/page'
import type { C2cAd, C2cMessage, C2cOrder } from '@common/c2c/schema'
import type { C2cMe } from '@common/c2c/types'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'
import { type AdsFilter, adsPath } from './ads-path'

/** Query keys of the C2C area: one root; `mine` holds what belongs to the signed-in user. */
export const c2cKeys = {
  root: ['c2c'] as const,
  ads: (f: AdsFilter) => [...c2cKeys.root, 'ads', f] as const,
  mine: () => [...c2cKeys.root, 'mine'] as const,
  me: () => [...c2cKeys.mine(), 'me'] as const,
  myAds: () => [...c2cKeys.mine(), 'ads'] as const,
  orders: (status: 'open' | 'done') => [...c2cKeys.mine(), 'orders', status] as const,
  order: (id: string) => [...c2cKeys.mine(), 'order', id] as const,
  messages: (id: string) => [...c2cKeys.mine(), 'messages', id] as const,
}

export const adsQueryOptions = (f: AdsFilter) =>
  queryOptions({
    queryKey: c2cKeys.ads(f),
    queryFn: ({ signal }) => http.get<C2cAd[]>(adsPath(f), undefined, { toast: false, signal }),
    staleTime: 10_000,
  })

export const meQueryOptions = () =>
  queryOptions({
    queryKey: c2cKeys.me(),
    queryFn: ({ signal }) => http.get<C2cMe>('c2c/me', undefined, { toast: false, signal }),
    // Until I may trade, every screen asks again: an operator's approval shows on the next screen.
    staleTime: (q) => (q.state.data?.verified ? 30_000 : 0),
  })

export const myAdsQueryOptions = () =>
  queryOptions({
    queryKey: c2cKeys.myAds(),
    queryFn: ({ signal }) => http.get<C2cAd[]>('c2c/my-ads', undefined, { toast: false, signal }),
  })

export const ordersQueryOptions = (status: 'open' | 'done') =>
  infiniteQueryOptions({
    queryKey: c2cKeys.orders(status),
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<C2cOrder>>('c2c/orders', { status, page: pageParam }, { toast: false, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  })

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: c2cKeys.order(id),
    queryFn: ({ signal }) => http.get<C2cOrder>(`c2c/order/${id}`, undefined, { toast: false, signal }),
  })

export const messagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: c2cKeys.messages(id),
    queryFn: ({ signal }) =>
      http.get<C2cMessage[]>(`c2c/order/${id}/messages`, undefined, { toast: false, signal }),
  })

/** Where an order's picture is served (its parties and staff only): fetched with the token. */
export const imagePath = (orderId: string, upload: string) => `c2c/order/${orderId}/image/${upload}`

export const c2cApi = http
