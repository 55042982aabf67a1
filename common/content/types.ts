import type { CountedPage } from '../api/page'
import type { ArticleStatus, ArticleType } from './schema'

/**
 * The content area's answers (articles, service links, notifications) and the console's article
 * and banner answers: the wire types the server answers with and the app reads (moved from the
 * app's api.ts files).
 */

export interface AdminArticleItem {
  id: string
  type: ArticleType
  category: string
  status: ArticleStatus
  pinned: boolean
  publishAt: number | null
  updatedAt: number | null
  langs: string[]
  title: string
}
export interface AdminArticle {
  id: string
  type: ArticleType
  category: string
  status: ArticleStatus
  pinned: boolean
  cover: string | null
  coverUrl: string | null
  publishAt: number | null
  updatedAt: number | null
  texts: Record<string, { title: string; body: string }>
}
export interface AdminBanner {
  id: string
  status: 'draft' | 'published'
  sort: number
  link: string
  updatedAt: number
  images: Record<string, { upload: string; alt: string; url: string }>
}
/** An article in the reader's language, as a list shows it. */
export interface ArticleItem {
  id: string
  type: ArticleType
  category: string
  pinned: boolean
  publishAt: number | null
  cover: string | null
  lang: string | null
  title: string
  summary: string
}
export interface ArticleDetail extends Omit<ArticleItem, 'summary'> {
  /** Rendered and sanitized by the server. */
  html: string
}
export interface ServiceItem {
  id: string
  title: string
  summary: string
}
export interface Notifiable {
  id: string
  kind: 'notice' | 'personal'
  articleId: string | null
  title: string
  summary: string
  createdAt: number | null
  read: boolean
}

export type ArticlePage = CountedPage<ArticleItem>
export interface NotifiablePage extends CountedPage<Notifiable> {
  unread: number
}
