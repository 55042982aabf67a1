import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * On-chain deposits and withdrawals on EVM chains (server/modules/assets/chain/). Deposit
 * addresses are derived from the operator's extended public key: one index per user, the address
 * per chain stored. The watcher keeps its cursor per chain; each transfer it sees is one row,
 * unique per (chain, tx hash, log index), credited at most once. Withdrawals are signed with a
 * per-chain nonce persisted before broadcast; each signed transaction (and each replacement) is
 * a row holding its raw bytes, so a restart rebroadcasts the same bytes and never signs twice.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chain_user_index')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('idx', 'serial', (c) => c.notNull().unique())
    .execute()

  await db.schema
    .createTable('chain_address')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    // lower-case hex
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chain_address_pk', ['chain', 'user_id'])
    .addUniqueConstraint('chain_address_addr', ['chain', 'address'])
    .execute()

  await db.schema
    .createTable('chain_cursor')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    // the last block scanned, and its hash (a different hash later means a reorg: rescan)
    .addColumn('block', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('head', 'bigint', (c) => c.notNull())
    .addColumn('rpc_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('chain_deposit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    // -1: a native transfer (the transaction's value)
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    // pending -> credited, or pending -> dropped (its block left the chain before N confirmations)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('deposit_id', 'text')
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('credited_at', 'timestamptz')
    .addUniqueConstraint('chain_deposit_once', ['chain', 'tx_hash', 'log_index'])
    .execute()
  await db.schema
    .createIndex('chain_deposit_user')
    .on('chain_deposit')
    .columns(['user_id', 'status', 'seen_at'])
    .execute()
  await db.schema
    .createIndex('chain_deposit_status')
    .on('chain_deposit')
    .columns(['chain', 'status', 'block_number'])
    .execute()

  // What an operator must look at: a reorg deeper than N after credit, a hot wallet that cannot pay.
  await db.schema
    .createTable('chain_alert')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_by', 'text')
    .addColumn('acknowledged_at', 'timestamptz')
    .addUniqueConstraint('chain_alert_once', ['chain', 'kind', 'ref'])
    .execute()

  await db.schema
    .createTable('chain_nonce')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_nonce_pk', ['chain', 'wallet'])
    .execute()

  await db.schema
    .createTable('chain_tx')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('max_fee', 'numeric', (c) => c.notNull())
    .addColumn('priority_fee', 'numeric', (c) => c.notNull())
    // signed -> broadcast -> confirmed, or replaced (a higher fee under the same nonce) / failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('signed'))
    .addColumn('block_number', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('broadcast_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('chain_tx_withdrawal').on('chain_tx').columns(['withdrawal_id']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'chain_tx',
    'chain_nonce',
    'chain_alert',
    'chain_deposit',
    'chain_cursor',
    'chain_address',
    'chain_user_index',
  ])
    await db.schema.dropTable(t).execute()
}
