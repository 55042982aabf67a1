import type { LangCode } from '@common/i18n/languages'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { langChain, pickText, textsOf } from './article-texts'
import { renderMarkdown } from './markdown'

/**
 * The newest published article of `type` (terms or privacy) in the reader's language, then en, then tw:
 * `content` is its Markdown, `html` the sanitized rendering. Null when none is published.
 */
export async function publishedClause(
  db: Db,
  lang: LangCode,
  type: 'terms' | 'privacy',
): Promise<{ title: string; content: string; html: string } | null> {
  const row = await db
    .selectFrom('article')
    .select('id')
    .where('type', '=', type)
    .where('status', '=', 'published')
    .where('publish_at', '<=', sql<Date>`now()`)
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!row) return null
  const id = String(row.id)
  const t = pickText((await textsOf(db, [id])).get(id) ?? [], langChain(lang))
  if (!t) return null
  return { title: t.title, content: t.body, html: renderMarkdown(t.body) }
}
