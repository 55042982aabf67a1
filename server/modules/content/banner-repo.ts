import { sql } from 'kysely'
import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'

export function bannerRow(db: Tx, id: string) {
  return db.selectFrom('banner').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A banner's image per language. */
export function bannerImages(db: Tx, id: string) {
  return db
    .selectFrom('banner_image')
    .select(['lang', 'upload_id', 'alt'])
    .where('banner_id', '=', id)
    .orderBy('lang')
    .execute()
}

/** Every banner's id in display order (at most 200). */
export function bannerIds(db: Db) {
  return db.selectFrom('banner').select('id').orderBy('sort').orderBy('id').limit(200).execute()
}

/** A published banner's image in one language. */
export function publishedBannerImage(db: Db, id: string, lang: string) {
  return db
    .selectFrom('banner as b')
    .innerJoin('banner_image as i', 'i.banner_id', 'b.id')
    .innerJoin('upload as u', 'u.id', 'i.upload_id')
    .select(['u.mime', 'u.bytes'])
    .where('b.id', '=', id)
    .where('b.status', '=', 'published')
    .where('i.lang', '=', lang)
    .executeTakeFirst()
}

/** Writes a banner and replaces its images: a new draft (id absent) or a change. */
export async function writeBanner(
  trx: Tx,
  id: string | undefined,
  fields: { link: string; sort: number },
  images: Record<string, { upload: string; alt: string }>,
  createdBy: string,
): Promise<string> {
  let bannerId: string
  if (id) {
    await trx
      .updateTable('banner')
      .set({ ...fields, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('banner_image').where('banner_id', '=', id).execute()
    bannerId = id
  } else {
    const row = await trx
      .insertInto('banner')
      .values({ ...fields, status: 'draft', created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow()
    bannerId = String(row.id)
  }
  for (const [lang, i] of Object.entries(images))
    await trx
      .insertInto('banner_image')
      .values({ banner_id: bannerId, lang, upload_id: i.upload, alt: i.alt })
      .execute()
  return bannerId
}

export async function setBannerStatus(trx: Tx, id: string, status: 'published' | 'draft'): Promise<void> {
  await trx.updateTable('banner').set({ status, updated_at: sql`now()` }).where('id', '=', id).execute()
}
