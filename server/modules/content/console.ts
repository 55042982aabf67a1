import type { ArticleSave } from '@common/content/schema'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { textsOf } from '../../platform/content/article-texts'
import { ownUploadCount } from '../../platform/content/uploads'
import { claimNotices } from '../../platform/notify/notices'
import { pushService } from '../../platform/notify/push-service'
import { pushNotice } from '../../platform/ports/notice-push'
import { writeAudit } from '../../platform/staff/audit'
import { articleRow, ms, setArticle, writeArticle } from './repo'

export type Actor = { actorId: string; ip: string }

/**
 * Creates (no id) or changes (an id, which must exist) one article or banner in a transaction,
 * audited with its snapshot before and after; answers its snapshot.
 */
export async function saveAudited<S>(
  db: Db,
  who: Actor,
  c: {
    id: string | undefined
    targetType: string
    actions: { create: string; update: string }
    snapshot: (db: Tx, id: string) => Promise<S | null>
    write: (trx: Tx) => Promise<string>
  },
): Promise<S | null> {
  const id = await db.transaction().execute(async (trx) => {
    let before: unknown = null
    if (c.id) {
      before = await c.snapshot(trx, c.id)
      if (!before) throw new AppError('notFound')
    }
    const id = await c.write(trx)
    await writeAudit(trx, {
      ...who,
      action: c.id ? c.actions.update : c.actions.create,
      targetType: c.targetType,
      targetId: id,
      before,
      after: await c.snapshot(trx, id),
    })
    return id
  })
  return c.snapshot(db, id)
}

/** The article as the console and the audit log see it. */
export async function articleSnapshot(db: Tx, id: string) {
  const a = await articleRow(db, id)
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

/** Creates or changes an article with its texts, audited; a cover must be the operator's own upload. */
export async function saveArticle(db: Db, body: ArticleSave, who: Actor) {
  // Only the operator's own upload: never someone's identity photo made public.
  if (body.cover && (await ownUploadCount(db, [body.cover], who.actorId)) !== 1)
    throw new AppError('uploadInvalid')
  return saveAudited(db, who, {
    id: body.id,
    targetType: 'article',
    actions: { create: 'content.create', update: 'content.update' },
    snapshot: articleSnapshot,
    write: (trx) => {
      const fields = {
        type: body.type,
        category: body.category,
        cover_upload_id: body.cover ?? null,
        ...(body.publishAt != null ? { publish_at: new Date(body.publishAt) } : {}),
      }
      return writeArticle(trx, body.id, fields, body.texts, who.actorId)
    },
  })
}

/** One audited change of an article's state (publish, unpublish, pin); answers the article. */
async function change(db: Db, id: string, action: string, who: Actor, set: (trx: Tx) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    const before = await articleSnapshot(trx, id)
    if (!before) throw new AppError('notFound')
    await set(trx)
    await writeAudit(trx, {
      ...who,
      action,
      targetType: 'article',
      targetId: id,
      before,
      after: await articleSnapshot(trx, id),
    })
  })
  return articleSnapshot(db, id)
}

/**
 * Publishes an article; a notice not pushed yet is claimed in the same transaction and pushed to
 * every subscriber after the commit, behind the operator's answer.
 */
export async function publishArticle(db: Db, id: string, who: Actor, log: FastifyBaseLogger) {
  let claimed: string[] = []
  const res = await change(db, id, 'content.publish', who, async (trx) => {
    await setArticle(trx, id, { status: 'published' })
    claimed = await claimNotices(trx, id)
  })
  for (const n of claimed) pushService(db).background('notice push', () => pushNotice(db, n), log)
  return res
}

export function unpublishArticle(db: Db, id: string, who: Actor) {
  return change(db, id, 'content.unpublish', who, (trx) => setArticle(trx, id, { status: 'draft' }))
}

export function pinArticle(db: Db, id: string, pinned: boolean, who: Actor) {
  return change(db, id, pinned ? 'content.pin' : 'content.unpin', who, (trx) =>
    setArticle(trx, id, { pinned }),
  )
}
