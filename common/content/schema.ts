import * as v from 'valibot'
import { LANG_CODES, type LangCode } from '../i18n/languages'
import { pageQuerySchema } from '../validate/schemas'
import { boundedText, timeMsSchema } from '../validate/strict'

/** Request schemas of the content area (articles, notices, help academy), shared by server and forms. */

export const ARTICLE_TYPES = ['news', 'notice', 'help', 'service', 'terms', 'privacy', 'whitepaper'] as const
export type ArticleType = (typeof ARTICLE_TYPES)[number]

/** Help academy categories (the article's `category`; other types leave it empty). */
export const HELP_CATEGORIES = ['start', 'funds', 'trading', 'security', 'account'] as const
export type HelpCategory = (typeof HELP_CATEGORIES)[number]

export const ARTICLE_STATUSES = ['draft', 'published'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

/** Languages a body is looked up in after the reader's own: English, then Traditional Chinese. */
export const FALLBACK_LANGS: readonly LangCode[] = ['en', 'tw']

const idQuery = v.pipe(v.string('invalid_id'), v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'))

export const articleListSchema = v.object({
  ...pageQuerySchema.entries,
  type: v.optional(v.picklist(ARTICLE_TYPES, 'invalid_type'), 'news'),
  category: v.optional(v.picklist(HELP_CATEGORIES, 'invalid_category')),
  q: v.optional(v.pipe(v.string('invalid_query'), v.trim(), v.maxLength(100, 'invalid_query'))),
})
export const articleIdSchema = v.object({ id: idQuery })
export const coverParamsSchema = v.object({ id: idQuery })

/** A notifiable's id: `a<n>` for a published notice, `n<n>` for a personal notification. */
export const notifiableIdSchema = v.object({
  id: v.pipe(v.string('invalid_id'), v.regex(/^[an][1-9]\d{0,17}$/, 'invalid_id')),
})
export const notifiablesSchema = v.object({ ...pageQuerySchema.entries })

export const articleTextSchema = v.object({
  title: boundedText(200, 'invalid_title', 1),
  body: v.pipe(v.string('invalid_body'), v.maxLength(50_000, 'invalid_body')),
})
export type ArticleText = v.InferOutput<typeof articleTextSchema>

/** Console: create or edit. `texts` holds one entry per language; at least one. */
export const articleSaveSchema = v.pipe(
  v.object({
    id: v.optional(idQuery),
    type: v.picklist(ARTICLE_TYPES, 'invalid_type'),
    category: v.optional(v.union([v.picklist(HELP_CATEGORIES, 'invalid_category'), v.literal('')]), ''),
    cover: v.optional(
      v.nullable(v.pipe(v.string('invalid_cover'), v.regex(/^[0-9a-f-]{36}$/, 'invalid_cover'))),
    ),
    publishAt: v.optional(v.nullable(timeMsSchema())),
    texts: v.pipe(
      v.record(v.picklist(LANG_CODES as LangCode[], 'invalid_lang'), articleTextSchema),
      v.check((r) => Object.keys(r).length > 0, 'texts_required'),
    ),
  }),
  v.check((a) => (a.type === 'help') === (a.category !== ''), 'invalid_category'),
)
export type ArticleSave = v.InferOutput<typeof articleSaveSchema>

export const articleAdminListSchema = v.object({
  ...pageQuerySchema.entries,
  type: v.optional(v.picklist(ARTICLE_TYPES, 'invalid_type')),
  status: v.optional(v.picklist(ARTICLE_STATUSES, 'invalid_status')),
})
export const articlePinSchema = v.object({ id: idQuery, pinned: v.boolean('invalid_pinned') })
export const articleActionSchema = v.object({ id: idQuery })
export const previewSchema = v.object({
  body: v.pipe(v.string('invalid_body'), v.maxLength(50_000, 'invalid_body')),
})

/**
 * A banner's link target: an in-app route (`/pages/...`, path only) or an article (`article:<id>`);
 * empty for none. Never an outside address.
 */
export const BANNER_LINK = /^(?:$|article:[1-9]\d{0,17}$|\/(?!\/)[A-Za-z0-9/_-]{0,199}$)/

export const bannerImageSchema = v.object({
  upload: v.pipe(v.string('invalid_cover'), v.regex(/^[0-9a-f-]{36}$/, 'invalid_cover')),
  alt: boundedText(200, 'invalid_title', 1),
})

/** Console: create or edit a banner; one image per language, at least one. */
export const bannerSaveSchema = v.object({
  id: v.optional(idQuery),
  link: v.optional(v.pipe(v.string('invalid_link'), v.trim(), v.regex(BANNER_LINK, 'invalid_link')), ''),
  sort: v.optional(
    v.pipe(
      v.number('invalid_sort'),
      v.integer('invalid_sort'),
      v.minValue(0, 'invalid_sort'),
      v.maxValue(9999, 'invalid_sort'),
    ),
    0,
  ),
  images: v.pipe(
    v.record(v.picklist(LANG_CODES as LangCode[], 'invalid_lang'), bannerImageSchema),
    v.check((r) => Object.keys(r).length > 0, 'images_required'),
  ),
})
export type BannerSave = v.InferOutput<typeof bannerSaveSchema>
export const bannerImageParamsSchema = v.object({
  id: idQuery,
  lang: v.picklist(LANG_CODES as LangCode[], 'invalid_lang'),
})
