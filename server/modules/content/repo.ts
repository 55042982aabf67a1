import { toMillisOrNull } from '@common/time/time'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/db'
import { type PageQuery, pageWithTotal } from '../../db/page'
import type { ArticleTable } from '../../db/schema'
import type { Tx } from '../../ledger/ledger'

export const ms = toMillisOrNull
export const coverUrl = (id: string, cover: string | null) => (cover ? `api/article/cover/${id}` : null)

/** An article's head as the readers' lists and the console's list both show it (no text). */
export function articleHead(r: {
  id: string
  type: string
  category: string
  pinned: boolean
  publish_at: Date | null
  cover_upload_id: string | null
}) {
  const id = String(r.id)
  return {
    id,
    type: r.type,
    category: r.category,
    pinned: r.pinned,
    publishAt: ms(r.publish_at),
    cover: coverUrl(id, r.cover_upload_id),
  }
}

export const likePattern = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`

type Texts = Record<string, { title: string; body: string }> | null

/** Published articles whose publishing time has come. */
const live = (db: Db) =>
  db
    .selectFrom('article as a')
    .where('a.status', '=', 'published')
    .where('a.publish_at', '<=', sql<Date>`now()`)

const CARD = ['a.id', 'a.type', 'a.category', 'a.pinned', 'a.publish_at', 'a.cover_upload_id'] as const

/**
 * One page of live articles of a type (and help category), pinned first then newest; `q` looks in
 * the titles and bodies of the reader's languages.
 */
export function articlesPage(
  db: Db,
  q: PageQuery & { type: string; category?: string; q?: string },
  chain: string[],
) {
  let base = live(db).where('a.type', '=', q.type)
  if (q.category) base = base.where('a.category', '=', q.category)
  if (q.q) {
    const like = likePattern(q.q)
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('article_text as t')
          .select('t.lang')
          .whereRef('t.article_id', '=', 'a.id')
          .where('t.lang', 'in', chain)
          .where((eb) => eb.or([eb('t.title', 'ilike', like), eb('t.body', 'ilike', like)])),
      ),
    )
  }
  return pageWithTotal(base, q, (b) =>
    b
      .select([...CARD])
      .orderBy('a.pinned', 'desc')
      .orderBy('a.publish_at', 'desc')
      .orderBy('a.sort', 'asc')
      .orderBy('a.id', 'desc'),
  )
}

/** A live article (a service page only, when asked). */
export function liveArticle(db: Db, id: string, onlyService: boolean) {
  let q = live(db).where('a.id', '=', id)
  if (onlyService) q = q.where('a.type', '=', 'service')
  return q.select([...CARD]).executeTakeFirst()
}

/** The live service pages in their order. */
export function servicePages(db: Db) {
  return live(db)
    .where('a.type', '=', 'service')
    .select(['a.id', 'a.publish_at'])
    .orderBy('a.sort')
    .orderBy('a.id')
    .limit(100)
    .execute()
}

/** A live article's cover image. */
export function liveCover(db: Db, id: string) {
  return live(db)
    .innerJoin('upload as u', 'u.id', 'a.cover_upload_id')
    .select(['u.mime', 'u.bytes'])
    .where('a.id', '=', id)
    .executeTakeFirst()
}

// ---- the user's notifications: live notices and personal notifications, one list ----

interface Notifiable {
  id: string
  at: Date
  read: boolean
  article_id: string | null
  title: string | null
  body: string | null
  texts: Texts
}

/** One page of a user's notices and notifications, newest first, with the total and the unread count. */
export async function notifiablesPage(db: Db, userId: string, q: PageQuery) {
  const union = sql<Notifiable>`
    select 'a' || a.id as id, a.publish_at as at, (r.user_id is not null) as read,
           a.id as article_id, null as title, null as body, null::jsonb as texts
      from article a
      left join notice_read r on r.article_id = a.id and r.user_id = ${userId}
     where a.type = 'notice' and a.status = 'published' and a.publish_at <= now()
    union all
    select 'n' || n.id, n.created_at, (n.read_at is not null), null, n.title, n.body, n.texts
      from notification n
     where n.user_id = ${userId}`
  const counts = await sql<{ total: string; unread: string }>`
    select count(*) as total, count(*) filter (where not x.read) as unread from (${union}) x`.execute(db)
  const rows = await sql<Notifiable>`
    select * from (${union}) x order by x.at desc, x.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(
    db,
  )
  return {
    rows: rows.rows,
    total: Number(counts.rows[0]?.total ?? 0),
    unread: Number(counts.rows[0]?.unread ?? 0),
  }
}

/** Marks a live notice read for the user; false when there is no such notice. */
export async function readNotice(db: Db, userId: string, articleId: string): Promise<boolean> {
  const notice = await live(db)
    .where('a.id', '=', articleId)
    .where('a.type', '=', 'notice')
    .select('a.id')
    .executeTakeFirst()
  if (!notice) return false
  await db
    .insertInto('notice_read')
    .values({ user_id: userId, article_id: articleId })
    .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
    .execute()
  return true
}

/** Marks the user's own notification read; false when it is not theirs (or missing). */
export async function readNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const mine = await db
    .selectFrom('notification')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!mine) return false
  await db
    .updateTable('notification')
    .set({ read_at: sql`now()` })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute()
  return true
}

// ---- the console ----

/** One page of every article (any status), recently changed first. */
export function consoleArticlesPage(
  db: Db,
  q: PageQuery & { type?: string; status?: 'draft' | 'published' },
) {
  let base = db.selectFrom('article as a')
  if (q.type) base = base.where('a.type', '=', q.type)
  if (q.status) base = base.where('a.status', '=', q.status)
  return pageWithTotal(base, q, (b) =>
    b
      .select([...CARD, 'a.status', 'a.updated_at'])
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.id', 'desc'),
  )
}

export function articleRow(db: Tx, id: string) {
  return db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function articleExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('article').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
}

type ArticleFields = Omit<Insertable<ArticleTable>, 'id' | 'status' | 'created_by'>

/** Writes an article and replaces its texts: a new draft (id absent) or a change. */
export async function writeArticle(
  trx: Tx,
  id: string | undefined,
  fields: ArticleFields,
  texts: Record<string, { title: string; body: string }>,
  createdBy: string,
): Promise<string> {
  let articleId: string
  if (id) {
    await trx
      .updateTable('article')
      .set({ ...fields, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('article_text').where('article_id', '=', id).execute()
    articleId = id
  } else {
    const row = await trx
      .insertInto('article')
      .values({ ...fields, status: 'draft', created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow()
    articleId = String(row.id)
  }
  for (const [lang, t] of Object.entries(texts))
    await trx
      .insertInto('article_text')
      .values({ article_id: articleId, lang, title: t.title, body: t.body })
      .execute()
  return articleId
}

/** Publishes (keeping a publishing time already set), unpublishes or (un)pins an article. */
export async function setArticle(
  trx: Tx,
  id: string,
  change: { status: 'published' | 'draft' } | { pinned: boolean },
): Promise<void> {
  const set =
    'pinned' in change
      ? { pinned: change.pinned }
      : change.status === 'published'
        ? { status: 'published' as const, publish_at: sql<Date>`coalesce(publish_at, now())` }
        : { status: 'draft' as const }
  await trx
    .updateTable('article')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}
