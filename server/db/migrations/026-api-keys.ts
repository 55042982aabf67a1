import { type AnyDb, index, table } from './kit'

/**
 * API keys (server/platform/api-keys, docs/api.md). `api_key` is the public name a program sends in
 * X-API-KEY. An HMAC key keeps its secret AES-256-GCM encrypted with API_KEY_ENCRYPTION_KEY
 * (`secret_enc`); an Ed25519 key keeps only the public key. A revoked key stays for the record.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'api_key', {
    id: 'text primary key',
    api_key: 'text not null unique',
    user_id: 'text not null references users (id)',
    label: 'text not null',
    type: 'text not null',
    scopes: 'jsonb not null',
    ips: 'jsonb not null',
    secret_enc: 'text',
    public_key: 'text',
    created_at: 'timestamptz not null default now()',
    updated_at: 'timestamptz not null default now()',
    last_used_at: 'timestamptz',
    revoked_at: 'timestamptz',
    revoked_reason: 'text',
    revoked_by: 'text',
  }).execute()
  await index(db, 'api_key_user', 'api_key', ['user_id', 'created_at'])
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_key').execute()
}
