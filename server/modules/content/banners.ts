import type { BannerSave } from '@common/content/schema'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { ownUploadCount } from '../../platform/content/uploads'
import { writeAudit } from '../../platform/staff/audit'
import { bannerIds, bannerImages, bannerRow, setBannerStatus, writeBanner } from './banner-repo'
import { type Actor, saveAudited } from './console'
import { articleExists } from './repo'

/** The banner as the console and the audit log see it. */
export async function bannerSnapshot(db: Tx, id: string) {
  const b = await bannerRow(db, id)
  if (!b) return null
  const images = await bannerImages(db, id)
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

/** Every banner, in display order. */
export async function listBanners(db: Db) {
  const list = []
  for (const r of await bannerIds(db)) list.push(await bannerSnapshot(db, String(r.id)))
  return list
}

/** Creates or changes a banner, audited; its images must be the operator's own uploads. */
export async function saveBanner(db: Db, body: BannerSave, who: Actor) {
  const uploads = [...new Set(Object.values(body.images).map((i) => i.upload))]
  // Only the operator's own uploads: never someone's identity photo made public.
  if ((await ownUploadCount(db, uploads, who.actorId)) !== uploads.length) throw new AppError('uploadInvalid')
  if (body.link.startsWith('article:') && !(await articleExists(db, body.link.slice('article:'.length))))
    throw new AppError('notFound')
  return saveAudited(db, who, {
    id: body.id,
    targetType: 'banner',
    actions: { create: 'content.banner.create', update: 'content.banner.update' },
    snapshot: bannerSnapshot,
    write: (trx) => writeBanner(trx, body.id, { link: body.link, sort: body.sort }, body.images, who.actorId),
  })
}

/** Publishes or unpublishes a banner, audited. */
export async function changeBannerStatus(
  db: Db,
  id: string,
  status: 'published' | 'draft',
  action: string,
  who: Actor,
) {
  await db.transaction().execute(async (trx) => {
    const before = await bannerSnapshot(trx, id)
    if (!before) throw new AppError('notFound')
    await setBannerStatus(trx, id, status)
    await writeAudit(trx, {
      ...who,
      action,
      targetType: 'banner',
      targetId: id,
      before,
      after: await bannerSnapshot(trx, id),
    })
  })
  return bannerSnapshot(db, id)
}
