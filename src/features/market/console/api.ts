import type { Markets } from '@common/admin/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** The console's markets (/api/admin/markets/*). */
export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'markets'],
    queryFn: ({ signal }) => http.get<Markets>('admin/markets/list', undefined, { signal }),
  })
