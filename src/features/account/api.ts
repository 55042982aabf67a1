import type { Identity, LoginHistoryItem, SecurityHome, SessionItem, UserInfo } from '@common/account/types'
import type { Page } from '@common/api/page'
import { queryOptions } from '@tanstack/react-query'
import { http, type RequestOptions } from '@/lib/http/client'
import type { Country } from '@/lib/store'

/** Endpoint calls and query factories of the account area (docs/spec.md section 7). */

const root = ['account'] as const
export const accountKeys = { root, me: [...root, 'me'] as const }

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.me,
    queryFn: ({ signal }) => http.get<UserInfo>('user/getUserInfo', undefined, { signal, toast: false }),
  })
export const securityHomeQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'security'],
    queryFn: ({ signal }) => http.get<SecurityHome>('user/security/home', undefined, { signal }),
  })
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'sessions'],
    queryFn: ({ signal }) => http.get<SessionItem[]>('user/sessions', undefined, { signal }),
  })
export const loginHistoryQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'login-history'],
    queryFn: ({ signal }) =>
      http.get<Page<LoginHistoryItem>>('user/loginHistory', { page: 1, size: 50 }, { signal }),
  })
export const identityQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'identity'],
    queryFn: ({ signal }) => http.get<Identity>('user/identity', undefined, { signal }),
    // While a review is pending, an operator's decision shows within seconds, not after the 30 s stale time.
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.advanced.status === 'pending' ? 5_000 : false),
  })
export const clauseQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'clause'],
    queryFn: ({ signal }) =>
      http.get<{ title: string; content: string; html?: string }>('login/clause', undefined, { signal }),
    staleTime: 60 * 60 * 1000,
  })
/** Same key as the settings area's country list, so the cache is shared. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'countries'],
    queryFn: () => http.get<Country[]>('getCountryList', undefined, { toast: false }),
    staleTime: 24 * 60 * 60 * 1000,
    meta: { persist: true },
  })

export const accountApi = {
  post: <T = null>(url: string, body: unknown, opts?: RequestOptions) => http.post<T>(url, body, opts),
  get: <T>(url: string) => http.get<T>(url),
  upload: (blob: Blob) =>
    http.upload<{ id: string; url: string }>('uploadImage', blob, 'image', { loading: true }),
}
