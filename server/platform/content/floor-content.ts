import type { LangCode } from '@common/i18n/languages'
import type { Floor } from '@common/market/types'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { langChain, pickText, textsOf } from './article-texts'

/*
 * The home floor's content (GET /floor, served by the market module): the content module's
 * published banners and notices, read here so that market never imports content.
 */

/** Where a banner leads in the app: an article's page, an in-app route, or nowhere. */
export function bannerHref(link: string): string | null {
  if (!link) return null
  if (link.startsWith('article:')) return `/pages/article/detail?id=${link.slice('article:'.length)}`
  return link
}

/** Published banners (in order) and the latest notices, in the reader's language, for GET /floor. */
export async function floorContent(db: Db, lang: LangCode): Promise<Pick<Floor, 'banners' | 'notices'>> {
  const chain = langChain(lang)
  const banners = await db
    .selectFrom('banner')
    .select(['id', 'link'])
    .where('status', '=', 'published')
    .orderBy('sort')
    .orderBy('id')
    .limit(10)
    .execute()
  const images = banners.length
    ? await db
        .selectFrom('banner_image')
        .select(['banner_id', 'lang', 'upload_id', 'alt'])
        .where(
          'banner_id',
          'in',
          banners.map((b) => b.id),
        )
        .execute()
    : []
  const notices = await db
    .selectFrom('article')
    .select('id')
    .where('type', '=', 'notice')
    .where('status', '=', 'published')
    .where('publish_at', '<=', sql<Date>`now()`)
    .orderBy('pinned', 'desc')
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute()
  const texts = await textsOf(
    db,
    notices.map((n) => String(n.id)),
  )
  return {
    banners: banners.flatMap((b) => {
      const id = String(b.id)
      const mine = images.filter((i) => String(i.banner_id) === id)
      const img = pickText(
        mine.map((i) => ({ lang: i.lang, title: i.alt, body: i.upload_id })),
        chain,
      )
      if (!img) return []
      return [
        {
          id,
          // The upload's id in the address: a new image is never served from an old cache entry.
          image: `api/banner/image/${id}/${img.lang}?v=${img.body.slice(0, 8)}`,
          link: bannerHref(b.link),
          title: img.title,
        },
      ]
    }),
    notices: notices.map((n) => {
      const id = String(n.id)
      const t = pickText(texts.get(id) ?? [], chain)
      return { id, title: t?.title ?? '', link: `/pages/article/detail?id=${id}` }
    }),
  }
}
