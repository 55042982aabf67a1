import type {
  DepositChannel,
  DepositItem,
  DepositStatus,
  WithdrawalItem,
  WithdrawalStatus,
} from '@common/admin/types'
import type { Page } from '@common/api/page'
import type { ChainOverview } from '@common/assets/types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** The console's deposit and withdrawal queues and the deposit channels. */
/** A review queue's page with the count of each status. */
export type QueuePage<T> = Page<T> & { counts: Record<string, number> }

export const depositsQueryOptions = (status: DepositStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'deposits', status, page],
    queryFn: ({ signal }) =>
      http.get<QueuePage<DepositItem>>('admin/deposits/list', { status, page, size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  })

export const withdrawalsQueryOptions = (status: WithdrawalStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', status, page],
    queryFn: ({ signal }) =>
      http.get<QueuePage<WithdrawalItem>>('admin/withdrawals/list', { status, page, size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  })

export const depositChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'deposit-channels'],
    queryFn: ({ signal }) => http.get<DepositChannel[]>('admin/deposit-channels', undefined, { signal }),
  })

/** The console's chain page (/api/admin/chains): each watched chain, refreshed every 5 s. */
export const chainsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'chains'],
    queryFn: ({ signal }) => http.get<ChainOverview[]>('admin/chains', undefined, { signal }),
    refetchInterval: 5000,
  })
