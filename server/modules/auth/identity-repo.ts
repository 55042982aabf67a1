import type { Insertable } from 'kysely'
import type { Db } from '../../db/db'
import { columnOf } from '../../db/rows'
import type { UploadTable } from '../../db/schema'

/*
 * Identity details and the uploaded pictures (documents, avatars, proofs): what the identity
 * routes, the profile and the console's review read and write.
 */

export async function insertUpload(db: Db, values: Insertable<UploadTable>): Promise<void> {
  await db.insertInto('upload').values(values).execute()
}

export function uploadOf(db: Db, id: string) {
  return db.selectFrom('upload').select(['owner_id', 'mime', 'bytes']).where('id', '=', id).executeTakeFirst()
}

export function identityOf(db: Db, userId: string) {
  return db.selectFrom('identity').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

export async function advancedStatusOf(db: Db, userId: string) {
  return columnOf(db, 'identity', 'advanced_status', 'user_id', userId)
}

/** Stores the basic details (again): the advanced review starts over. */
export async function saveBasicIdentity(
  db: Db,
  userId: string,
  values: { nationality: string; real_name: string; id_number: string },
): Promise<void> {
  await db
    .insertInto('identity')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...values, basic_at: new Date(), advanced_status: 'none' }),
    )
    .execute()
}

/** Submits the document photos for the advanced review. */
export async function submitAdvancedIdentity(
  db: Db,
  userId: string,
  photos: { front: string; back: string; hand: string },
): Promise<void> {
  await db
    .updateTable('identity')
    .set({
      advanced_status: 'pending',
      front_upload_id: photos.front,
      back_upload_id: photos.back,
      hand_upload_id: photos.hand,
      reject_reason: null,
      submitted_at: new Date(),
      reviewed_at: null,
      reviewer_id: null,
    })
    .where('user_id', '=', userId)
    .execute()
}

/** Development only: the user's identity approved as a review would, with made-up basic details. */
export async function approveIdentityForTests(db: Db, userId: string, realName: string): Promise<void> {
  await db
    .insertInto('identity')
    .values({
      user_id: userId,
      nationality: 'TW',
      real_name: realName,
      id_number: `T${userId.replace(/\D/g, '').slice(0, 9)}`,
      advanced_status: 'verified',
      reviewed_at: new Date(),
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ advanced_status: 'verified', reviewed_at: new Date(), reject_reason: null }),
    )
    .execute()
}
