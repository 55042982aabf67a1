import type { Page } from '@common/api/page'
import type { AccountBalances } from '@common/assets/types'
import type {
  StakingOrder,
  StakingOrderDetail,
  StakingOrderStatus,
  StakingProduct,
  SubscriptionProject,
  SubscriptionProjectDetail,
} from '@common/earn/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

const root = ['earn'] as const
export const earnKeys = {
  all: root,
  products: () => [...root, 'products'] as const,
  orders: (status?: StakingOrderStatus) => [...root, 'orders', status ?? 'all'] as const,
  order: (id: string) => [...root, 'order', id] as const,
  projects: () => [...root, 'projects'] as const,
  project: (id: string) => [...root, 'project', id] as const,
  finance: () => [...root, 'finance'] as const,
}

const PAGE = 20

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: earnKeys.products(),
    queryFn: ({ signal }) => http.get<StakingProduct[]>('staking/products', undefined, { signal }),
    staleTime: 30_000,
  })

export const ordersQueryOptions = (status?: StakingOrderStatus) =>
  infiniteQueryOptions({
    queryKey: earnKeys.orders(status),
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<StakingOrder>>(
        'staking/orders',
        { limit: PAGE, ...(status ? { status } : {}), ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: earnKeys.order(id),
    queryFn: ({ signal }) => http.get<StakingOrderDetail>(`staking/order/${id}`, undefined, { signal }),
    refetchInterval: 60_000,
  })

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: earnKeys.projects(),
    queryFn: ({ signal }) => http.get<SubscriptionProject[]>('subscription/projects', undefined, { signal }),
    refetchInterval: 30_000,
  })

export const projectQueryOptions = (id: string, opts: { toast?: boolean } = {}) =>
  queryOptions({
    queryKey: earnKeys.project(id),
    queryFn: ({ signal }) =>
      http.get<SubscriptionProjectDetail>(`subscription/project/${id}`, undefined, {
        signal,
        toast: opts.toast,
      }),
    refetchInterval: 15_000,
  })

/** The finance account's balances (what staking and subscription draw on). */
export const financeQueryOptions = () =>
  queryOptions({
    queryKey: earnKeys.finance(),
    queryFn: ({ signal }) =>
      http.get<AccountBalances>('assets/balances', { account: 'finance' }, { signal, toast: false }),
  })

export const earnApi = {
  stake: (product: string, amount: string) => http.post<StakingOrder>('staking/stake', { product, amount }),
  redeem: (id: string) => http.post<StakingOrder>('staking/redeem', { id }),
  commit: (project: string, amount: string) =>
    http.post<SubscriptionProjectDetail>('subscription/commit', { project, amount }),
}
