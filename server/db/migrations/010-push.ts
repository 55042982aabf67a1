import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Web Push subscriptions (one per device), per-user push preferences and price alerts. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('push_subscription')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('push_subscription_user').on('push_subscription').column('user_id').execute()

  await db.schema
    .createTable('push_pref')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('price_alert', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('order_fill', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notice', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('price_alert')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('base_price', 'numeric', (c) => c.notNull())
    // Fires when the price reaches `above` (>=) or `below` (<=); a move alert has both.
    .addColumn('above', 'numeric')
    .addColumn('below', 'numeric')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('fired_price', 'numeric')
    .addColumn('fired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('price_alert_user').on('price_alert').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('price_alert_active').on('price_alert').columns(['status', 'symbol']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('price_alert').execute()
  await db.schema.dropTable('push_pref').execute()
  await db.schema.dropTable('push_subscription').execute()
}
