import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * API keys (server/platform/api-keys, docs/api.md). `api_key` is the public name a program sends in
 * X-API-KEY. An HMAC key keeps its secret AES-256-GCM encrypted with API_KEY_ENCRYPTION_KEY
 * (`secret_enc`); an Ed25519 key keeps only the public key. A revoked key stays for the record.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('api_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('scopes', 'jsonb', (c) => c.notNull())
    .addColumn('ips', 'jsonb', (c) => c.notNull())
    .addColumn('secret_enc', 'text')
    .addColumn('public_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_by', 'text')
    .execute()
  await db.schema.createIndex('api_key_user').on('api_key').columns(['user_id', 'created_at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_key').execute()
}
