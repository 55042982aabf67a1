import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * How many of these uploads the user uploaded. Pictures a product keeps or shows (identity
 * documents, loan proofs, deposit and repayment vouchers, avatars, covers and banners) must be the
 * acting user's own: never someone else's identity photo attached or made public.
 */
export async function ownUploadCount(
  db: Kysely<Database>,
  ids: readonly string[],
  ownerId: string,
): Promise<number> {
  if (ids.length === 0) return 0
  const rows = await db
    .selectFrom('upload')
    .select('id')
    .where('id', 'in', [...ids])
    .where('owner_id', '=', ownerId)
    .execute()
  return rows.length
}
