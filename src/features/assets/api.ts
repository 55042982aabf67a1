import type { Page } from '@common/api/page'
import type {
  BookEntry,
  CoinChains,
  CoinDetail,
  DepositAddress,
  DepositRow,
  ExchangeRow,
  LedgerRow,
  PendingChainDeposit,
  TransferRow,
  WithdrawInfo,
  WithdrawRow,
} from '@common/assets/types'
import type { ContractAccount } from '@common/contract/schema'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { assetsKeys, BALANCE_STALE_MS } from '@/lib/assets/balances'
import { http, type RequestOptions } from '@/lib/http/client'

/** Endpoint calls and query factories of the assets area (the balances other products show: src/lib/assets). */

const { root } = assetsKeys
const PAGE_SIZE = 20

/** One factory per paged endpoint: infinite lists fetch page after page. */
function pagedOptions<T>(url: string, params: Record<string, string | undefined> = {}) {
  return infiniteQueryOptions({
    queryKey: [...root, url, params] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<T>>(url, { ...params, page: pageParam, size: PAGE_SIZE }, { signal }),
    getNextPageParam: (last: Page<T>, pages) => (last.hasMore ? pages.length + 1 : undefined),
  })
}

/** The contract (perpetual margin) account: equity, margins and unrealized PnL in USDT. */
export const contractAccountQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'contract-account'],
    queryFn: ({ signal }) =>
      http.get<ContractAccount>('contract/account', undefined, { toast: false, signal }),

    staleTime: BALANCE_STALE_MS,
  })

export const coinQueryOptions = (coin: string) =>
  queryOptions({
    queryKey: [...root, 'coin', coin],
    queryFn: ({ signal }) => http.get<CoinDetail>('assets/coin', { coin }, { signal }),

    staleTime: BALANCE_STALE_MS,
  })
export const chainsQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'chains'],
    queryFn: ({ signal }) => http.get<CoinChains[]>('assets/chains', undefined, { signal }),
  })
/** The app shows "not open" itself for 1500, so that answer raises no toast. */
export const depositAddressQueryOptions = (coin: string, chain: string) =>
  queryOptions({
    queryKey: [...root, 'deposit-address', coin, chain],
    queryFn: ({ signal }) =>
      http.get<DepositAddress>('assets/deposit/address', { coin, chain }, { signal, toast: false }),
    retry: false,
  })
/** Transfers seen on a watched chain, waiting for confirmations; polled while the screen is open. */
export const pendingDepositsQueryOptions = (coin: string, chain: string) =>
  queryOptions({
    queryKey: [...root, 'deposit-pending', coin, chain],
    queryFn: ({ signal }) =>
      http.get<PendingChainDeposit[]>('assets/deposit/pending', { coin, chain }, { signal }),
    refetchInterval: 4000,
  })
export const withdrawInfoQueryOptions = (coin: string) =>
  queryOptions({
    queryKey: [...root, 'withdraw-info', coin],
    queryFn: ({ signal }) => http.get<WithdrawInfo>('assets/withdraw/info', { coin }, { signal }),
  })
export const addressBookQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'address-book'],
    queryFn: ({ signal }) =>
      http.get<{ only: boolean; list: BookEntry[] }>('assets/address-book', undefined, { signal }),
  })
export const ledgerQueryOptions = (params: {
  reason?: string
  account?: string
  coin?: string
  /** '0': without the freeze/release movements between the user's own buckets (common/assets/bills.ts). */
  internal?: '0'
}) => pagedOptions<LedgerRow>('assets/ledger', params)
/** The bill types the user has (the bills filter offers only these). */
export const ledgerReasonsQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'ledger-reasons'],
    queryFn: ({ signal }) => http.get<string[]>('assets/ledger/reasons', undefined, { signal }),
  })
export const transfersQueryOptions = () => pagedOptions<TransferRow>('assets/transfers')
export const depositsQueryOptions = () => pagedOptions<DepositRow>('assets/deposits')
export const withdrawalsQueryOptions = () => pagedOptions<WithdrawRow>('assets/withdrawals')
export const exchangeRecordsQueryOptions = () => pagedOptions<ExchangeRow>('assets/exchange/records')

export const assetsApi = {
  post: <T = null>(url: string, body: unknown, opts?: RequestOptions) => http.post<T>(url, body, opts),
  upload: (blob: Blob) =>
    http.upload<{ id: string; url: string }>('uploadImage', blob, 'image', { loading: true }),
}
