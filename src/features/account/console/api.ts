import type { IdentityFilter } from '@common/admin/schema'
import type { IdentityItem } from '@common/admin/types'
import type { CountedPage } from '@common/api/page'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** The console's identity review (/api/admin/identity/*). */
export const identityListQueryOptions = (status: IdentityFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'identity', status, page],
    queryFn: ({ signal }) =>
      http.get<CountedPage<IdentityItem>>('admin/identity/list', { status, page, size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  })
