import type { Kysely } from 'kysely'
import { table } from './kit'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Wallet login (Sign-In with Ethereum): single-use nonces and the wallets linked to accounts. */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'wallet_nonce', {
    nonce: 'text primary key',
    ticket_hash: 'text not null',
    created_at: 'timestamptz not null default now()',
    expires_at: 'timestamptz not null',
    used_at: 'timestamptz',
  }).execute()
  await table(db, 'user_wallet', {
    address: 'text primary key',
    user_id: 'text not null references users (id)',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await db.schema.createIndex('user_wallet_user').on('user_wallet').column('user_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_wallet').execute()
  await db.schema.dropTable('wallet_nonce').execute()
}
