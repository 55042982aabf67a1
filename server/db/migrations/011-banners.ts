import { type AnyDb, dropTables, table } from './kit'

/**
 * Home banners: an order, a link target (an in-app route or an article) and, per language, an image
 * (the operator's own upload, public only while the banner is published) with its alternative text.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'banner', {
    id: 'bigserial primary key',
    status: "text not null default 'draft'",
    sort: 'integer not null default 0',
    link: "text not null default ''",
    created_by: 'text',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await table(db, 'banner_image', {
    banner_id: 'bigint not null references banner (id) on delete cascade',
    lang: 'text not null',
    upload_id: 'text not null references upload (id)',
    alt: 'text not null',
  })
    .addPrimaryKeyConstraint('banner_image_pk', ['banner_id', 'lang'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['banner_image', 'banner'])
}
