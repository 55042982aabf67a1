import type { ArticleType, HelpCategory } from '@common/content/schema'
import type { ArticleDetail, ArticlePage, NotifiablePage, ServiceItem } from '@common/content/types'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

export interface ListFilter {
  type: ArticleType
  category?: HelpCategory | undefined
  q?: string | undefined
  page?: number
  size?: number
}

const root = ['content'] as const
const STALE = 5 * 60 * 1000

// Public lists and articles are kept on the device (meta.persist) so they read offline after one visit;
// the key carries the language because the server answers in it. `offlineFirst`: after the browser
// reports going offline, a query still asks once, so the service worker's copy answers what the
// stored cache does not hold (react-query's default mode would pause it and never reach the worker).
const OFFLINE = { networkMode: 'offlineFirst' } as const
export const articleListQueryOptions = (lang: string, f: ListFilter) =>
  queryOptions({
    queryKey: [...root, 'list', lang, f.type, f.category ?? '', f.q ?? '', f.page ?? 1, f.size ?? 20],
    queryFn: () =>
      http.get<ArticlePage>(
        'article/list',
        { type: f.type, category: f.category, q: f.q || undefined, page: f.page ?? 1, size: f.size ?? 20 },
        { toast: false },
      ),
    staleTime: STALE,
    meta: { persist: !f.q },
    ...OFFLINE,
  })

export const articleDetailQueryOptions = (lang: string, id: string) =>
  queryOptions({
    queryKey: [...root, 'detail', lang, id],
    queryFn: () => http.get<ArticleDetail>('article/detail', { id }, { toast: false }),
    staleTime: STALE,
    meta: { persist: true },
    ...OFFLINE,
  })

export const servicesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...root, 'services', lang],
    queryFn: () => http.get<ServiceItem[]>('services', undefined, { toast: false }),
    staleTime: STALE,
    meta: { persist: true },
    ...OFFLINE,
  })

export const serviceDetailQueryOptions = (lang: string, id: string) =>
  queryOptions({
    queryKey: [...root, 'service', lang, id],
    queryFn: () => http.get<ArticleDetail>('article/serviceDetail', { id }, { toast: false }),
    staleTime: STALE,
    meta: { persist: true },
    ...OFFLINE,
  })

/** The signed-in user's notices and notifications: private, so never written to the device. */
export const notifiablesQueryOptions = (token: string, page = 1) =>
  queryOptions({
    queryKey: [...root, 'notifiables', token.slice(-12), page],
    queryFn: () => http.get<NotifiablePage>('user/myNotifiables', { page, size: 20 }, { toast: false }),
    staleTime: 30 * 1000,
  })

export const readNotifiable = (id: string) =>
  http.get<{ id: string; read: boolean }>('user/readNotifiable', { id }, { toast: false })

export const notifiablesKey = [...root, 'notifiables'] as const
