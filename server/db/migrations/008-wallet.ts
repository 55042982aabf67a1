import { type AnyDb, dropTables, index, table } from './kit'

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
  await index(db, 'user_wallet_user', 'user_wallet', ['user_id'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['user_wallet', 'wallet_nonce'])
}
