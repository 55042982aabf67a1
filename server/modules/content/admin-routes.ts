import { countedPage } from '@common/api/page'
import {
  articleActionSchema,
  articleAdminListSchema,
  articleIdSchema,
  articlePinSchema,
  articleSaveSchema,
  previewSchema,
} from '@common/content/schema'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { textsOf } from '../../platform/content/article-texts'
import { renderMarkdown } from '../../platform/content/markdown'
import type { ModuleDeps } from '../../platform/module-deps'
import { claimNotices } from '../../platform/notify/notices'
import { pushService } from '../../platform/notify/push-service'
import { pushNotice } from '../../platform/ports/notice-push'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { assertStaffReady } from '../../platform/staff/staff'
import { bannerAdminRoutes } from './banners'
import { coverUrl, ms } from './repo'

/** The article as the console and the audit log see it. */
async function snapshot(db: Db, id: string) {
  const a = await db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst()
  if (!a) return null
  const texts = (await textsOf(db, [id])).get(id) ?? []
  return {
    id,
    type: a.type,
    category: a.category,
    status: a.status,
    pinned: a.pinned,
    cover: a.cover_upload_id,
    coverUrl: a.cover_upload_id ? `upload/${a.cover_upload_id}` : null,
    publishAt: ms(a.publish_at),
    updatedAt: ms(a.updated_at),
    texts: Object.fromEntries(texts.map((t) => [t.lang, { title: t.title, body: t.body }])),
  }
}

/** /api/admin/content/*: staff with a ready account (like every console route), every change audited. */
export async function contentAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  bannerAdminRoutes(app, db)

  app.get('/list', async (req) => {
    const q = parse(articleAdminListSchema, req.query)
    let base = db.selectFrom('article as a')
    if (q.type) base = base.where('a.type', '=', q.type)
    if (q.status) base = base.where('a.status', '=', q.status)
    const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    const rows = await base
      .select([
        'a.id',
        'a.type',
        'a.category',
        'a.status',
        'a.pinned',
        'a.publish_at',
        'a.updated_at',
        'a.cover_upload_id',
      ])
      .orderBy('a.updated_at', 'desc')
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
          const t = texts.get(id) ?? []
          return {
            id,
            type: r.type,
            category: r.category,
            status: r.status,
            pinned: r.pinned,
            publishAt: ms(r.publish_at),
            updatedAt: ms(r.updated_at),
            cover: coverUrl(id, r.cover_upload_id),
            langs: t.map((x) => x.lang),
            title: (t.find((x) => x.lang === 'en') ?? t.find((x) => x.lang === 'tw') ?? t[0])?.title ?? '',
          }
        }),
        Number(total.n),
        q,
      ),
    )
  })

  app.get('/detail', async (req) => {
    const { id } = parse(articleIdSchema, req.query)
    const a = await snapshot(db, id)
    if (!a) throw new AppError('notFound')
    return ok(a)
  })

  app.post('/preview', async (req) => {
    const { body } = parse(previewSchema, req.body)
    return ok({ html: renderMarkdown(body) })
  })

  app.post('/save', async (req) => {
    const body = parse(articleSaveSchema, req.body)
    const who = actor(req)
    if (body.cover) {
      // Only the operator's own upload: never someone's identity photo made public.
      const own = await db
        .selectFrom('upload')
        .select('id')
        .where('id', '=', body.cover)
        .where('owner_id', '=', who.actorId)
        .executeTakeFirst()
      if (!own) throw new AppError('uploadInvalid')
    }
    const id = await db.transaction().execute(async (trx) => {
      const fields = {
        type: body.type,
        category: body.category,
        cover_upload_id: body.cover ?? null,
        ...(body.publishAt != null ? { publish_at: new Date(body.publishAt) } : {}),
      }
      let id: string
      let before: unknown = null
      if (body.id) {
        before = await snapshot(trx, body.id)
        if (!before) throw new AppError('notFound')
        await trx
          .updateTable('article')
          .set({ ...fields, updated_at: sql`now()` })
          .where('id', '=', body.id)
          .execute()
        id = body.id
        await trx.deleteFrom('article_text').where('article_id', '=', id).execute()
      } else {
        const row = await trx
          .insertInto('article')
          .values({ ...fields, status: 'draft', created_by: who.actorId })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = String(row.id)
      }
      for (const [lang, t] of Object.entries(body.texts))
        await trx
          .insertInto('article_text')
          .values({ article_id: id, lang, title: t.title, body: t.body })
          .execute()
      await writeAudit(trx, {
        ...who,
        action: body.id ? 'content.update' : 'content.create',
        targetType: 'article',
        targetId: id,
        before,
        after: await snapshot(trx, id),
      })
      return id
    })
    return ok(await snapshot(db, id))
  })

  async function change(
    id: string,
    action: string,
    who: ReturnType<typeof actor>,
    set: (trx: Db) => Promise<unknown>,
  ) {
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id)
      if (!before) throw new AppError('notFound')
      await set(trx)
      await writeAudit(trx, {
        ...who,
        action,
        targetType: 'article',
        targetId: id,
        before,
        after: await snapshot(trx, id),
      })
    })
    return ok(await snapshot(db, id))
  }

  app.post('/publish', async (req) => {
    const { id } = parse(articleActionSchema, req.body)
    let claimed: string[] = []
    const res = await change(id, 'content.publish', actor(req), async (trx) => {
      await trx
        .updateTable('article')
        .set({ status: 'published', publish_at: sql`coalesce(publish_at, now())`, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute()
      claimed = await claimNotices(trx, id)
    })
    // Committed: the operator gets the answer now, the push to every subscriber goes out behind it.
    for (const n of claimed) pushService(db).background('notice push', () => pushNotice(db, n), req.log)
    return res
  })

  app.post('/unpublish', async (req) => {
    const { id } = parse(articleActionSchema, req.body)
    return change(id, 'content.unpublish', actor(req), (trx) =>
      trx
        .updateTable('article')
        .set({ status: 'draft', updated_at: sql`now()` })
        .where('id', '=', id)
        .execute(),
    )
  })

  app.post('/pin', async (req) => {
    const { id, pinned } = parse(articlePinSchema, req.body)
    return change(id, pinned ? 'content.pin' : 'content.unpin', actor(req), (trx) =>
      trx.updateTable('article').set({ pinned, updated_at: sql`now()` }).where('id', '=', id).execute(),
    )
  })
}
