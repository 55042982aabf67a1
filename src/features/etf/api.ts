import type { Page } from '@common/api/page'
import type { EtfHolding, EtfNavPoint, EtfOrder, EtfProduct, EtfRange } from '@common/etf/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

const root = ['etf'] as const
export const etfKeys = {
  all: root,
  products: () => [...root, 'products'] as const,
  product: (code: string) => [...root, 'product', code] as const,
  nav: (code: string, range: EtfRange) => [...root, 'nav', code, range] as const,
  holdings: () => [...root, 'holdings'] as const,
  orders: (product?: string) => [...root, 'orders', product ?? ''] as const,
  admin: () => [...root, 'admin'] as const,
}

/** NAV moves with the index: the list and the product refresh every 10 s. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: etfKeys.products(),
    queryFn: ({ signal }) => http.get<EtfProduct[]>('etf/products', undefined, { toast: false, signal }),
    refetchInterval: 10_000,
    meta: { persist: true },
  })

export const productQueryOptions = (code: string) =>
  queryOptions({
    queryKey: etfKeys.product(code),
    queryFn: ({ signal }) => http.get<EtfProduct>('etf/product', { product: code }, { signal }),
    refetchInterval: 10_000,
  })

export const navQueryOptions = (code: string, range: EtfRange) =>
  queryOptions({
    queryKey: etfKeys.nav(code, range),
    queryFn: ({ signal }) =>
      http.get<EtfNavPoint[]>('etf/nav', { product: code, range }, { toast: false, signal }),
    refetchInterval: 60_000,
  })

export const holdingsQueryOptions = () =>
  queryOptions({
    queryKey: etfKeys.holdings(),
    queryFn: ({ signal }) => http.get<EtfHolding[]>('etf/holdings', undefined, { signal }),
    refetchInterval: 10_000,
  })

export const ordersQueryOptions = (product?: string) =>
  infiniteQueryOptions({
    queryKey: etfKeys.orders(product),
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<EtfOrder>>(
        'etf/orders',
        { ...(product ? { product } : {}), ...(pageParam ? { before: pageParam } : {}), limit: 20 },
        { signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: etfKeys.admin(),
    queryFn: ({ signal }) => http.get<EtfProduct[]>('admin/etf/products', undefined, { signal }),
  })

export const etfApi = {
  subscribe: (product: string, amount: string) =>
    http.post<EtfOrder>('etf/subscribe', { product, amount }, { loading: true }),
  redeem: (product: string, units: string) =>
    http.post<EtfOrder>('etf/redeem', { product, units }, { loading: true }),
  status: (code: string, action: 'pause' | 'resume' | 'close', reason: string) =>
    http.post<EtfProduct & { redeemedHolders: number }>(
      'admin/etf/status',
      { code, action, reason },
      { loading: true },
    ),
  create: (input: Record<string, unknown>) =>
    http.post<EtfProduct>('admin/etf/create', input, { loading: true }),
}
