import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * Premium samples of the perpetuals' funding rate (book mid against the index, one a minute),
 * kept so a restart inside a funding interval keeps the interval's average, and so the inputs of
 * every published rate stay on record.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('contract_premium_sample')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    // The funding time the interval started at (epoch ms).
    .addColumn('slot', 'bigint', (c) => c.notNull())
    .addColumn('premium', 'numeric', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('contract_premium_sample_slot')
    .on('contract_premium_sample')
    .columns(['slot', 'symbol'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('contract_premium_sample').execute()
}
