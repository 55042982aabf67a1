import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Double-entry ledger: balances change only through entries whose postings sum to zero per asset. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('balance')
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('available', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('balance_pk', ['holder', 'account', 'asset'])
    .execute()

  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('ledger_entry_ref').on('ledger_entry').columns(['ref_type', 'ref_id']).execute()

  await db.schema
    .createTable('ledger_posting')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('ledger_entry.id'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    // The bucket's value after this posting: lets a user's records show a running balance.
    .addColumn('balance_after', 'numeric', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ledger_posting_holder')
    .on('ledger_posting')
    .columns(['holder', 'entry_id'])
    .execute()
  await db.schema.createIndex('ledger_posting_entry').on('ledger_posting').column('entry_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ledger_posting').execute()
  await db.schema.dropTable('ledger_entry').execute()
  await db.schema.dropTable('balance').execute()
}
