import type { AnyDb } from './kit'

/**
 * A personal notification in every app language ({lang: {title, body}}), so the inbox reads in the
 * language the reader uses now, not the one of the device that subscribed last. `title`/`body`
 * stay as the fallback (and are all that rows written before this have).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notification').addColumn('texts', 'jsonb').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('notification').dropColumn('texts').execute()
}
