import { sql } from 'kysely'
import type { AnyDb } from './kit'

/**
 * Push texts in the reader's language: each device subscription keeps the app language it was
 * made in (existing ones get the default, tw). Notices are pushed once: `pushed_at` marks an
 * article whose push went out; notices already published are marked so they are never pushed late.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('push_subscription')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('tw'))
    .execute()
  await db.schema.alterTable('article').addColumn('pushed_at', 'timestamptz').execute()
  await db
    .updateTable('article')
    .set({ pushed_at: sql`coalesce(publish_at, now())` })
    .where('status', '=', 'published')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('article').dropColumn('pushed_at').execute()
  await db.schema.alterTable('push_subscription').dropColumn('lang').execute()
}
