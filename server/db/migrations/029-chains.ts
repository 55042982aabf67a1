import { type AnyDb, dropTables, index, table } from './kit'

/**
 * On-chain deposits and withdrawals on EVM chains (server/modules/assets/chain/). Deposit
 * addresses are derived from the operator's extended public key: one index per user, the address
 * per chain stored. The watcher keeps its cursor per chain; each transfer it sees is one row,
 * unique per (chain, tx hash, log index), credited at most once. Withdrawals are signed with a
 * per-chain nonce persisted before broadcast; each signed transaction (and each replacement) is
 * a row holding its raw bytes, so a restart rebroadcasts the same bytes and never signs twice.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'chain_user_index', {
    user_id: 'text primary key',
    idx: 'serial not null unique',
  }).execute()

  await table(db, 'chain_address', {
    chain: 'text not null',
    user_id: 'text not null',
    idx: 'integer not null',
    // lower-case hex
    address: 'text not null',
    created_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('chain_address_pk', ['chain', 'user_id'])
    .addUniqueConstraint('chain_address_addr', ['chain', 'address'])
    .execute()

  await table(db, 'chain_cursor', {
    chain: 'text primary key',
    // the last block scanned, and its hash (a different hash later means a reorg: rescan)
    block: 'bigint not null',
    block_hash: 'text not null',
    head: 'bigint not null',
    rpc_errors: 'integer not null default 0',
    last_error: 'text',
    last_error_at: 'timestamptz',
    updated_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'chain_deposit', {
    id: 'bigserial primary key',
    chain: 'text not null',
    tx_hash: 'text not null',
    // -1: a native transfer (the transaction's value)
    log_index: 'integer not null',
    block_number: 'bigint not null',
    block_hash: 'text not null',
    asset: 'text not null',
    address: 'text not null',
    user_id: 'text not null',
    amount: 'numeric not null',
    // pending -> credited, or pending -> dropped (its block left the chain before N confirmations)
    status: "text not null default 'pending'",
    deposit_id: 'text',
    seen_at: 'timestamptz not null default now()',
    credited_at: 'timestamptz',
  })
    .addUniqueConstraint('chain_deposit_once', ['chain', 'tx_hash', 'log_index'])
    .execute()
  await index(db, 'chain_deposit_user', 'chain_deposit', ['user_id', 'status', 'seen_at'])
  await index(db, 'chain_deposit_status', 'chain_deposit', ['chain', 'status', 'block_number'])

  // What an operator must look at: a reorg deeper than N after credit, a hot wallet that cannot pay.
  await table(db, 'chain_alert', {
    id: 'bigserial primary key',
    chain: 'text not null',
    kind: 'text not null',
    ref: 'text not null',
    detail: 'jsonb not null',
    created_at: 'timestamptz not null default now()',
    acknowledged_by: 'text',
    acknowledged_at: 'timestamptz',
  })
    .addUniqueConstraint('chain_alert_once', ['chain', 'kind', 'ref'])
    .execute()

  await table(db, 'chain_nonce', {
    chain: 'text not null',
    wallet: 'text not null',
    next_nonce: 'bigint not null',
  })
    .addPrimaryKeyConstraint('chain_nonce_pk', ['chain', 'wallet'])
    .execute()

  await table(db, 'chain_tx', {
    id: 'bigserial primary key',
    withdrawal_id: 'text not null',
    chain: 'text not null',
    wallet: 'text not null',
    nonce: 'bigint not null',
    raw: 'text not null',
    hash: 'text not null unique',
    max_fee: 'numeric not null',
    priority_fee: 'numeric not null',
    // signed -> broadcast -> confirmed, or replaced (a higher fee under the same nonce) / failed
    status: "text not null default 'signed'",
    block_number: 'bigint',
    created_at: 'timestamptz not null default now()',
    broadcast_at: 'timestamptz',
  }).execute()
  await index(db, 'chain_tx_withdrawal', 'chain_tx', ['withdrawal_id'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, [
    'chain_tx',
    'chain_nonce',
    'chain_alert',
    'chain_deposit',
    'chain_cursor',
    'chain_address',
    'chain_user_index',
  ])
}
