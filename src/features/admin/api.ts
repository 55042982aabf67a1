import type { IdentityFilter } from '@common/admin/schema'
import type {
  AuditItem,
  DepositChannel,
  DepositItem,
  DepositStatus,
  IdentityItem,
  LedgerItem,
  Markets,
  Overview,
  StaffMe,
  UserDetail,
  UserItem,
  WithdrawalItem,
  WithdrawalStatus,
} from '@common/admin/types'
import type { Page } from '@common/api/page'
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query'
import { http, type RequestOptions } from '@/lib/http/client'

/** Endpoint calls and query factories of the operator console (/api/admin/*). */

export interface Page<T> {
  total: number
  list: T[]
}
export interface AuditFilter {
  actor?: string
  action?: string
  targetId?: string
  page: number
}

const quiet: RequestOptions = { toast: false }

export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => http.get<StaffMe>('admin/me', undefined, { ...quiet, signal }),
    retry: false,
    // Always asked afresh: the answer changes with the session and with the account's set-up.
    staleTime: 0,
    gcTime: 0,
  })

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => http.get<Overview>('admin/overview', undefined, { signal }),
  })

export const identityListQueryOptions = (status: IdentityFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'identity', status, page],
    queryFn: ({ signal }) =>
      http.get<Page<IdentityItem>>('admin/identity/list', { status, page, size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  })

export const userSearchQueryOptions = (q: string, status: '' | 'active' | 'frozen', page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', q, status, page],
    queryFn: ({ signal }) =>
      http.get<Page<UserItem>>(
        'admin/users/search',
        { q: q || undefined, status: status || undefined, page, size: 20 },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

export const userDetailQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'user', userId],
    queryFn: ({ signal }) => http.get<UserDetail>('admin/users/detail', { userId }, { signal }),
    enabled: userId !== '',
  })

export const userLedgerQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'user', userId, 'ledger', page],
    queryFn: ({ signal }) =>
      http.get<Page<LedgerItem>>('admin/users/ledger', { userId, page, size: 20 }, { signal }),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  })

export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'markets'],
    queryFn: ({ signal }) => http.get<Markets>('admin/markets/list', undefined, { signal }),
  })

export const auditQueryOptions = (f: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ signal }) =>
      http.get<Page<AuditItem>>(
        'admin/audit/list',
        {
          actor: f.actor || undefined,
          action: f.action || undefined,
          targetId: f.targetId || undefined,
          page: f.page,
          size: 30,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

/** Console actions (POST); errors toast through the http layer. */
export const adminApi = {
  post: <T = null>(url: string, body: unknown, opts: RequestOptions = {}) =>
    http.post<T>(url, body, { loading: true, ...opts }),
}

export interface QueuePage<T> {
  counts: Record<string, number>
  hasMore: boolean
  list: T[]
}

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

/** After an action: refresh every console list and count (not the cached photos). */
export const invalidateConsole = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'image' })
