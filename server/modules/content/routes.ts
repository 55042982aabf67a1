import { countedPage } from '@common/api/page'
import {
  articleIdSchema,
  articleListSchema,
  coverParamsSchema,
  notifiableIdSchema,
  notifiablesSchema,
} from '@common/content/schema'
import { parseLang } from '@common/i18n/languages'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { langChain, pickText, textsOf } from '../../platform/content/article-texts'
import { loadClause } from '../../platform/content/clause'
import { renderMarkdown, summarize } from '../../platform/content/markdown'
import type { ModuleDeps } from '../../platform/module-deps'
import { contentAdminRoutes } from './admin-routes'
import { bannerPublicRoutes } from './banners'
import { coverUrl, likePattern, ms } from './repo'

const chainOf = (req: FastifyRequest) => langChain(parseLang(req.headers.lang))

/** A personal notification in the reader's language, when it was stored in every language. */
function personalText(
  texts: Record<string, { title: string; body: string }> | null,
  chain: string[],
): { title: string; body: string } | null {
  if (!texts) return null
  for (const l of chain) if (texts[l]) return texts[l]
  return null
}

/** News, notices, help academy, service pages and the user's notifications (docs/spec.md section 7). */
export async function contentRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  const live = () =>
    db
      .selectFrom('article as a')
      .where('a.status', '=', 'published')
      .where('a.publish_at', '<=', sql<Date>`now()`)

  app.get('/article/list', async (req) => {
    const q = parse(articleListSchema, req.query)
    const chain = chainOf(req)
    let base = live().where('a.type', '=', q.type)
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
    const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const rows = await base
      .select(['a.id', 'a.type', 'a.category', 'a.pinned', 'a.publish_at', 'a.cover_upload_id'])
      .orderBy('a.pinned', 'desc')
      .orderBy('a.publish_at', 'desc')
      .orderBy('a.sort', 'asc')
      .orderBy('a.id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute()
    const texts = await textsOf(
      db,
      rows.map((r) => String(r.id)),
    )
    return ok(
      countedPage(
        rows.map((r) => {
          const id = String(r.id)
          const t = pickText(texts.get(id) ?? [], chain)
          return {
            id,
            type: r.type,
            category: r.category,
            pinned: r.pinned,
            publishAt: ms(r.publish_at),
            cover: coverUrl(id, r.cover_upload_id),
            lang: t?.lang ?? null,
            title: t?.title ?? '',
            summary: summarize(t?.body ?? ''),
          }
        }),
        Number(total.n),
        q,
      ),
    )
  })

  async function detail(req: FastifyRequest, onlyService: boolean) {
    const { id } = parse(articleIdSchema, req.query)
    let q = live().where('a.id', '=', id)
    if (onlyService) q = q.where('a.type', '=', 'service')
    const row = await q
      .select(['a.id', 'a.type', 'a.category', 'a.pinned', 'a.publish_at', 'a.cover_upload_id'])
      .executeTakeFirst()
    if (!row) throw new AppError('notFound')
    const t = pickText((await textsOf(db, [id])).get(id) ?? [], chainOf(req))
    return ok({
      id,
      type: row.type,
      category: row.category,
      pinned: row.pinned,
      publishAt: ms(row.publish_at),
      cover: coverUrl(id, row.cover_upload_id),
      lang: t?.lang ?? null,
      title: t?.title ?? '',
      html: renderMarkdown(t?.body ?? ''),
    })
  }
  app.get('/article/detail', (req) => detail(req, false))
  app.get('/article/serviceDetail', (req) => detail(req, true))

  app.get('/services', async (req) => {
    const chain = chainOf(req)
    const rows = await live()
      .where('a.type', '=', 'service')
      .select(['a.id', 'a.publish_at'])
      .orderBy('a.sort')
      .orderBy('a.id')
      .limit(100)
      .execute()
    const texts = await textsOf(
      db,
      rows.map((r) => String(r.id)),
    )
    return ok(
      rows.map((r) => {
        const t = pickText(texts.get(String(r.id)) ?? [], chain)
        return { id: String(r.id), title: t?.title ?? '', summary: summarize(t?.body ?? '') }
      }),
    )
  })

  // A published article's cover is public, unlike the uploads it comes from.
  app.get('/article/cover/:id', async (req, reply) => {
    const { id } = parse(coverParamsSchema, req.params)
    const row = await live()
      .innerJoin('upload as u', 'u.id', 'a.cover_upload_id')
      .select(['u.mime', 'u.bytes'])
      .where('a.id', '=', id)
      .executeTakeFirst()
    if (!row) throw new AppError('notFound')
    reply.header('content-type', row.mime).header('cache-control', 'public, max-age=86400')
    reply.header('x-content-type-options', 'nosniff')
    return Buffer.from(row.bytes)
  })

  bannerPublicRoutes(app, db)

  // The privacy policy (docs/spec.md lists POST; GET too, so it can be read and cached like other articles).
  const privacy = async (req: FastifyRequest) =>
    ok(await loadClause(db, parseLang(req.headers.lang), 'privacy'))
  app.get('/user/clause', privacy)
  app.post('/user/clause', privacy)

  const auth = { preHandler: requireUser }

  app.get('/user/myNotifiables', auth, async (req) => {
    const me = currentUser(req)
    const q = parse(notifiablesSchema, req.query)
    const chain = chainOf(req)
    const union = sql<{
      id: string
      at: Date
      read: boolean
      article_id: string | null
      title: string | null
      body: string | null
      texts: Record<string, { title: string; body: string }> | null
    }>`
      select 'a' || a.id as id, a.publish_at as at, (r.user_id is not null) as read,
             a.id as article_id, null as title, null as body, null::jsonb as texts
        from article a
        left join notice_read r on r.article_id = a.id and r.user_id = ${me.id}
       where a.type = 'notice' and a.status = 'published' and a.publish_at <= now()
      union all
      select 'n' || n.id, n.created_at, (n.read_at is not null), null, n.title, n.body, n.texts
        from notification n
       where n.user_id = ${me.id}`
    const counts = await sql<{ total: string; unread: string }>`
      select count(*) as total, count(*) filter (where not x.read) as unread from (${union}) x`.execute(db)
    const rows = await sql<{
      id: string
      at: Date
      read: boolean
      article_id: string | null
      title: string | null
      body: string | null
      texts: Record<string, { title: string; body: string }> | null
    }>`select * from (${union}) x order by x.at desc, x.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(
      db,
    )
    const texts = await textsOf(
      db,
      rows.rows.filter((r) => r.article_id !== null).map((r) => String(r.article_id)),
    )
    return ok({
      ...countedPage(
        rows.rows.map((r) => {
          const t = r.article_id
            ? pickText(texts.get(String(r.article_id)) ?? [], chain)
            : personalText(r.texts, chain)
          return {
            id: r.id,
            kind: r.article_id ? 'notice' : 'personal',
            articleId: r.article_id ? String(r.article_id) : null,
            title: t ? t.title : (r.title ?? ''),
            summary: summarize(t ? t.body : (r.body ?? '')),
            createdAt: ms(r.at),
            read: Boolean(r.read),
          }
        }),
        Number(counts.rows[0]?.total ?? 0),
        q,
      ),
      unread: Number(counts.rows[0]?.unread ?? 0),
    })
  })

  app.get('/user/readNotifiable', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(notifiableIdSchema, req.query)
    const num = id.slice(1)
    if (id.startsWith('a')) {
      const notice = await live()
        .where('a.id', '=', num)
        .where('a.type', '=', 'notice')
        .select('a.id')
        .executeTakeFirst()
      if (!notice) throw new AppError('notFound')
      await db
        .insertInto('notice_read')
        .values({ user_id: me.id, article_id: num })
        .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
        .execute()
    } else {
      // Someone else's notification answers exactly like a missing one.
      const mine = await db
        .selectFrom('notification')
        .select('id')
        .where('id', '=', num)
        .where('user_id', '=', me.id)
        .executeTakeFirst()
      if (!mine) throw new AppError('notFound')
      await db
        .updateTable('notification')
        .set({ read_at: sql`now()` })
        .where('id', '=', num)
        .where('read_at', 'is', null)
        .execute()
    }
    return ok({ id, read: true })
  })

  await app.register(contentAdminRoutes, { ...deps, prefix: '/admin/content' })
}
