import type { Page } from '@common/api/page'
import type {
  ClosedPosition,
  ContractAccount,
  ContractFill,
  ContractInfo,
  ContractInstrument,
  ContractOrder,
  ContractPlaceInput,
  ContractPosition,
  ContractSide,
  FundingInfo,
  FundingPayment,
  InsuranceFund,
  Liquidation,
} from '@common/contract/schema'
import type { DepthSnapshot, PublicTrade } from '@common/spot/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'
import { contractKeys, type PagedKind } from './keys'

export { contractKeys }

export const instrumentsQueryOptions = () =>
  queryOptions({
    queryKey: contractKeys.instruments(),
    queryFn: ({ signal }) =>
      http.get<ContractInstrument[]>('contract/instruments', undefined, { toast: false, signal }),
    staleTime: 5 * 60 * 1000,
    meta: { persist: true },
  })

/** Index (= mark) price, the estimated funding rate and the next funding time. */
export const infoQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: contractKeys.info(symbol),
    queryFn: ({ signal }) => http.get<ContractInfo>('contract/info', { symbol }, { toast: false, signal }),
    refetchInterval: 30_000,
  })

/** Kept live by `depth:<SYMBOL>`; REST is the first paint. */
export const depthQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: contractKeys.depth(symbol),
    queryFn: ({ signal }) =>
      http.get<DepthSnapshot>('contract/depth', { symbol, limit: 20 }, { toast: false, signal }),
    staleTime: 5_000,
  })

export const tradesQueryOptions = (symbol: string) =>
  queryOptions({
    queryKey: contractKeys.trades(symbol),
    queryFn: ({ signal }) =>
      http.get<PublicTrade[]>('contract/trades', { symbol, limit: 30 }, { toast: false, signal }),
    staleTime: 5_000,
  })

export const accountQueryOptions = () =>
  queryOptions({
    queryKey: contractKeys.account(),
    queryFn: ({ signal }) =>
      http.get<ContractAccount>('contract/account', undefined, { toast: false, signal }),
  })

export const positionsQueryOptions = () =>
  queryOptions({
    queryKey: contractKeys.positions(),
    queryFn: ({ signal }) => http.get<ContractPosition[]>('contract/positions', undefined, { signal }),
  })

export const openOrdersQueryOptions = (symbol?: string) =>
  queryOptions({
    queryKey: contractKeys.open(symbol),
    queryFn: ({ signal }) =>
      http.get<ContractOrder[]>('contract/orders/open', symbol ? { symbol } : {}, { signal }),
  })

/** The paged record lists of the user, newest first. */
const PAGED: Record<PagedKind, string> = {
  orders: 'contract/orders/history',
  fills: 'contract/fills',
  positions: 'contract/positions/history',
  funding: 'contract/funding/payments',
  liquidations: 'contract/liquidations',
}

export type { PagedKind }
export interface PagedRow {
  orders: ContractOrder
  fills: ContractFill
  positions: ClosedPosition
  funding: FundingPayment
  liquidations: Liquidation
}

export const PAGE_SIZE = 20

export const pagedQueryOptions = <K extends PagedKind>(kind: K, symbol?: string) =>
  infiniteQueryOptions({
    queryKey: contractKeys.paged(kind, symbol),
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<PagedRow[K]>>(
        PAGED[kind],
        { ...(symbol ? { symbol } : {}), ...(pageParam ? { before: pageParam } : {}), limit: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const fundingQueryOptions = (symbol: string) =>
  infiniteQueryOptions({
    queryKey: contractKeys.funding(symbol),
    queryFn: ({ pageParam, signal }) =>
      http.get<FundingInfo>(
        'contract/funding',
        { symbol, ...(pageParam ? { before: pageParam } : {}), limit: 30 },
        { toast: false, signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

export const insuranceQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: contractKeys.insurance(),
    queryFn: ({ pageParam, signal }) =>
      http.get<InsuranceFund>(
        'contract/insurance',
        { ...(pageParam ? { before: pageParam } : {}), limit: 30 },
        { toast: false, signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  })

type Pos = { symbol: string; side: ContractSide }

export const contractApi = {
  place: (input: ContractPlaceInput) =>
    http.post<ContractOrder>('contract/order/place', input, { loading: true }),
  cancel: (id: string) => http.post<ContractOrder>('contract/order/cancel', { id }),
  cancelAll: (symbol?: string) =>
    http.post<{ cancelled: number }>('contract/order/cancel-all', symbol ? { symbol } : {}),
  close: (p: Pos & { type?: 'market' | 'limit'; price?: string; lots?: string }) =>
    http.post<ContractOrder>('contract/position/close', p, { loading: true }),
  closeAll: (symbol?: string) =>
    http.post<unknown>('contract/position/close-all', symbol ? { symbol } : {}, { loading: true }),
  reverse: (p: Pos) => http.post<unknown>('contract/position/reverse', p, { loading: true }),
  tpsl: (p: Pos & { tp: string | null; sl: string | null }) =>
    http.post<ContractPosition>('contract/position/tpsl', p, { loading: true }),
}
