import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Wallet login (Sign-In with Ethereum): single-use nonces and the wallets linked to accounts. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('wallet_nonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('ticket_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('user_wallet')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('user_wallet_user').on('user_wallet').column('user_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_wallet').execute()
  await db.schema.dropTable('wallet_nonce').execute()
}
