import { articleActionSchema, bannerImageParamsSchema, bannerSaveSchema } from '@common/content/schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'

/** The banner as the console and the audit log see it. */
async function snapshot(db: Db, id: string) {
  const b = await db.selectFrom('banner').selectAll().where('id', '=', id).executeTakeFirst()
  if (!b) return null
  const images = await db
    .selectFrom('banner_image')
    .select(['lang', 'upload_id', 'alt'])
    .where('banner_id', '=', id)
    .orderBy('lang')
    .execute()
  return {
    id,
    status: b.status,
    sort: b.sort,
    link: b.link,
    updatedAt: new Date(b.updated_at).getTime(),
    images: Object.fromEntries(
      images.map((i) => [i.lang, { upload: i.upload_id, alt: i.alt, url: `upload/${i.upload_id}` }]),
    ),
  }
}

/** GET /banner/image/:id/:lang: a published banner's image; the upload itself stays private. */
export function bannerPublicRoutes(app: FastifyInstance, db: Db): void {
  app.get('/banner/image/:id/:lang', async (req, reply) => {
    const { id, lang } = parse(bannerImageParamsSchema, req.params)
    const row = await db
      .selectFrom('banner as b')
      .innerJoin('banner_image as i', 'i.banner_id', 'b.id')
      .innerJoin('upload as u', 'u.id', 'i.upload_id')
      .select(['u.mime', 'u.bytes'])
      .where('b.id', '=', id)
      .where('b.status', '=', 'published')
      .where('i.lang', '=', lang)
      .executeTakeFirst()
    if (!row) throw new AppError('notFound')
    reply.header('content-type', row.mime).header('cache-control', 'public, max-age=86400')
    reply.header('x-content-type-options', 'nosniff')
    return Buffer.from(row.bytes)
  })
}

/** /api/admin/content/banner*: registered inside the console's content routes (staff, ready, audited). */
export function bannerAdminRoutes(app: FastifyInstance, db: Db): void {
  app.get('/banners', async () => {
    const rows = await db.selectFrom('banner').select('id').orderBy('sort').orderBy('id').limit(200).execute()
    const list = []
    for (const r of rows) list.push(await snapshot(db, String(r.id)))
    return ok(list)
  })

  app.post('/banner/save', async (req) => {
    const body = parse(bannerSaveSchema, req.body)
    const who = actor(req)
    const uploads = [...new Set(Object.values(body.images).map((i) => i.upload))]
    // Only the operator's own uploads: never someone's identity photo made public.
    const own = await db
      .selectFrom('upload')
      .select('id')
      .where('id', 'in', uploads)
      .where('owner_id', '=', who.actorId)
      .execute()
    if (own.length !== uploads.length) throw new AppError('uploadInvalid')
    if (body.link.startsWith('article:')) {
      const a = await db
        .selectFrom('article')
        .select('id')
        .where('id', '=', body.link.slice('article:'.length))
        .executeTakeFirst()
      if (!a) throw new AppError('notFound')
    }
    const id = await db.transaction().execute(async (trx) => {
      let id: string
      let before: unknown = null
      if (body.id) {
        before = await snapshot(trx, body.id)
        if (!before) throw new AppError('notFound')
        await trx
          .updateTable('banner')
          .set({ link: body.link, sort: body.sort, updated_at: sql`now()` })
          .where('id', '=', body.id)
          .execute()
        id = body.id
        await trx.deleteFrom('banner_image').where('banner_id', '=', id).execute()
      } else {
        const row = await trx
          .insertInto('banner')
          .values({ link: body.link, sort: body.sort, status: 'draft', created_by: who.actorId })
          .returning('id')
          .executeTakeFirstOrThrow()
        id = String(row.id)
      }
      for (const [lang, i] of Object.entries(body.images))
        await trx
          .insertInto('banner_image')
          .values({ banner_id: id, lang, upload_id: i.upload, alt: i.alt })
          .execute()
      await writeAudit(trx, {
        ...who,
        action: body.id ? 'content.banner.update' : 'content.banner.create',
        targetType: 'banner',
        targetId: id,
        before,
        after: await snapshot(trx, id),
      })
      return id
    })
    return ok(await snapshot(db, id))
  })

  const setStatus = (status: 'published' | 'draft', action: string) => async (req: FastifyRequest) => {
    const { id } = parse(articleActionSchema, req.body)
    const who = actor(req)
    await db.transaction().execute(async (trx) => {
      const before = await snapshot(trx, id)
      if (!before) throw new AppError('notFound')
      await trx.updateTable('banner').set({ status, updated_at: sql`now()` }).where('id', '=', id).execute()
      await writeAudit(trx, {
        ...who,
        action,
        targetType: 'banner',
        targetId: id,
        before,
        after: await snapshot(trx, id),
      })
    })
    return ok(await snapshot(db, id))
  }
  app.post('/banner/publish', setStatus('published', 'content.banner.publish'))
  app.post('/banner/unpublish', setStatus('draft', 'content.banner.unpublish'))
}
