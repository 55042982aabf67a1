import type { StaffMe } from '@common/admin/types'
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { http, type RequestOptions } from '@/lib/http/client'

/** What every console screen shares (/api/admin/*): the operator, actions, refresh. */

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

/** Console actions (POST); errors toast through the http layer. */
export const adminApi = {
  post: <T = null>(url: string, body: unknown, opts: RequestOptions = {}) =>
    http.post<T>(url, body, { loading: true, ...opts }),
}

/** After an action: refresh every console list and count (not the cached photos). */
export const invalidateConsole = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'image' })
