import type { AuditItem, LedgerItem, Overview, UserDetail, UserItem } from '@common/admin/types'
import type { CountedPage } from '@common/api/page'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/**
 * The console shell's calls: overview, users, audit (/api/admin/*). A product's console calls are in
 * features/<p>/console/api.ts; what every console screen shares in src/lib/console/api.ts.
 */

export interface AuditFilter {
  actor?: string
  action?: string
  targetId?: string
  page: number
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => http.get<Overview>('admin/overview', undefined, { signal }),
  })

export const userSearchQueryOptions = (q: string, status: '' | 'active' | 'frozen', page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', q, status, page],
    queryFn: ({ signal }) =>
      http.get<CountedPage<UserItem>>(
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
      http.get<CountedPage<LedgerItem>>('admin/users/ledger', { userId, page, size: 20 }, { signal }),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  })

export const auditQueryOptions = (f: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', f],
    queryFn: ({ signal }) =>
      http.get<CountedPage<AuditItem>>(
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
