import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * Segregation of duties (server/platform/staff/duties.ts): a money-moving console decision above the
 * four-eyes limit is stored as a proposal by one staff member and carried out only when a second,
 * different staff member approves it. At most one pending proposal per case and kind.
 * The limit is the setting row `four_eyes.limit_usdt` (USDT-equivalent; default 10000).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('four_eyes_proposal')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('case_type', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    // null: no price to value the asset in USDT (such a decision always takes two people)
    .addColumn('value_usdt', 'numeric')
    .addColumn('limit_usdt', 'numeric', (c) => c.notNull())
    .addColumn('proposer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index four_eyes_one_pending on four_eyes_proposal (kind, case_id)
    where status = 'pending'`.execute(db)
  await db.schema.createIndex('four_eyes_status').on('four_eyes_proposal').columns(['status', 'id']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('four_eyes_proposal').execute()
}
