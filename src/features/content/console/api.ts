import type { CountedPage } from '@common/api/page'
import type { ArticleStatus, ArticleType } from '@common/content/schema'
import type { AdminArticle, AdminArticleItem, AdminBanner } from '@common/content/types'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

/** Console calls for articles (/api/admin/content/*). */

export interface AdminArticleFilter {
  page: number
  type?: ArticleType | undefined
  status?: ArticleStatus | undefined
}

export const SIZE = 20
export const contentAdminKey = ['admin', 'content'] as const

export const adminArticlesQueryOptions = (f: AdminArticleFilter) =>
  queryOptions({
    queryKey: [...contentAdminKey, 'list', f.type ?? '', f.status ?? '', f.page],
    queryFn: () =>
      http.get<CountedPage<AdminArticleItem>>('admin/content/list', {
        page: f.page,
        size: SIZE,
        type: f.type,
        status: f.status,
      }),
    placeholderData: keepPreviousData,
  })

export const adminArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contentAdminKey, 'detail', id],
    queryFn: () => http.get<AdminArticle>('admin/content/detail', { id }),
  })

export const contentAdmin = {
  save: (body: unknown) => http.post<AdminArticle>('admin/content/save', body, { loading: true }),
  preview: (body: string) => http.post<{ html: string }>('admin/content/preview', { body }, { toast: true }),
  publish: (id: string) => http.post<AdminArticle>('admin/content/publish', { id }, { loading: true }),
  unpublish: (id: string) => http.post<AdminArticle>('admin/content/unpublish', { id }, { loading: true }),
  pin: (id: string, pinned: boolean) =>
    http.post<AdminArticle>('admin/content/pin', { id, pinned }, { loading: true }),
  uploadCover: (file: File) =>
    http.upload<{ id: string; url: string }>('uploadImage', file, 'image', { loading: true }),
}

export const adminBannersQueryOptions = () =>
  queryOptions({
    queryKey: [...contentAdminKey, 'banners'],
    queryFn: () => http.get<AdminBanner[]>('admin/content/banners'),
  })

export const bannerAdmin = {
  save: (body: unknown) => http.post<AdminBanner>('admin/content/banner/save', body, { loading: true }),
  publish: (id: string) => http.post<AdminBanner>('admin/content/banner/publish', { id }, { loading: true }),
  unpublish: (id: string) =>
    http.post<AdminBanner>('admin/content/banner/unpublish', { id }, { loading: true }),
}
