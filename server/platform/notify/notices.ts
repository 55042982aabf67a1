import { sql } from 'kysely'
import type { Db } from '../../db/db'

/*
 * Notices are the content module's articles of type notice; pushing them is the push module's
 * (its texts). Content claims a notice in the transaction that publishes it, the push module's
 * pass claims the ones whose time has come; either then hands the ids to the notice push port
 * (platform/ports/notice-push.ts).
 */

/**
 * Marks live notices as pushed and returns their ids: the one given, or every due one. A notice is
 * claimed once in its life (re-publishing or editing it sends nothing), and only once readers can
 * open it, so a notice scheduled for later is claimed when its time comes.
 */
export async function claimNotices(db: Db, id?: string): Promise<string[]> {
  let q = db
    .updateTable('article')
    .set({ pushed_at: sql`now()` })
    .where('type', '=', 'notice')
    .where('status', '=', 'published')
    .where('pushed_at', 'is', null)
    .where('publish_at', '<=', sql<Date>`now()`)
  if (id !== undefined) q = q.where('id', '=', id)
  const rows = await q.returning('id').execute()
  return rows.map((r) => String(r.id))
}
