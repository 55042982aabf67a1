import type { Page } from '@common/api/page'
import type { LoanOrder, LoanProduct, LoanStatus } from '@common/loan/schema'
import type { LoanMe } from '@common/loan/types'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** Query keys of the loan area: one root; `mine` holds what belongs to the signed-in user. */
export const loanKeys = {
  root: ['loan'] as const,
  products: () => [...loanKeys.root, 'products'] as const,
  mine: () => [...loanKeys.root, 'mine'] as const,
  orders: (status?: LoanStatus) => [...loanKeys.mine(), 'orders', status ?? 'all'] as const,
  order: (id: string) => [...loanKeys.mine(), 'order', id] as const,
  funding: (coin: string) => [...loanKeys.mine(), 'funding', coin] as const,
  me: () => [...loanKeys.mine(), 'me'] as const,
}

export const loanMeQueryOptions = () =>
  queryOptions({
    queryKey: loanKeys.me(),
    queryFn: ({ signal }) => http.get<LoanMe>('loan/me', undefined, { toast: false, signal }),
    // Until approved, every screen asks again: an operator's approval shows on the next screen.
    staleTime: (q) => (q.state.data?.identity === 'verified' ? 30_000 : 0),
  })

/** The product needs approved identity and I do not have it (yet). */
export const identityBlocks = (me: LoanMe | undefined, p: { credit: boolean }): boolean =>
  !!me && (me.approvedRequired || p.credit) && me.identity !== 'verified'

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: loanKeys.products(),
    queryFn: ({ signal }) => http.get<LoanProduct[]>('loan/products', undefined, { toast: false, signal }),
    staleTime: 60_000,
    meta: { persist: true },
  })

const PAGE = 20
export const ordersQueryOptions = (status?: LoanStatus) =>
  infiniteQueryOptions({
    queryKey: loanKeys.orders(status),
    queryFn: ({ signal, pageParam }) =>
      http.get<Page<LoanOrder>>(
        'loan/orders',
        { page: pageParam, size: PAGE, ...(status ? { status } : {}) },
        { toast: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  })

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: loanKeys.order(id),
    queryFn: ({ signal }) => http.get<LoanOrder>(`loan/order/${id}`, undefined, { toast: false, signal }),
  })

/** The funding balance of a coin (what a repayment is taken from). */
export const fundingQueryOptions = (coin: string) =>
  queryOptions({
    queryKey: loanKeys.funding(coin),
    queryFn: async ({ signal }) => {
      const res = await http.get<{ list: { coin: string; available: string }[] }>(
        'assets/balances',
        { account: 'funding' },
        { toast: false, signal },
      )
      return res.list.find((b) => b.coin === coin)?.available ?? '0'
    },
  })

export const loanApi = http
