import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * Home banners: an order, a link target (an in-app route or an article) and, per language, an image
 * (the operator's own upload, public only while the banner is published) with its alternative text.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('banner')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('banner_image')
    .addColumn('banner_id', 'bigint', (c) => c.notNull().references('banner.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull().references('upload.id'))
    .addColumn('alt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('banner_image_pk', ['banner_id', 'lang'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('banner_image').execute()
  await db.schema.dropTable('banner').execute()
}
