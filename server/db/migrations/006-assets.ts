import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/** Deposits, withdrawals, transfers, the address book and flash exchange (the assets area). */
export async function up(db: AnyDb): Promise<void> {
  // The platform's deposit address per coin and chain: set by operators, never generated.
  await db.schema
    .createTable('deposit_channel')
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'numeric', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('deposit_channel_pk', ['asset', 'chain'])
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('deposit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('voucher_upload_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('credited_amount', 'numeric')
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewer_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('deposit_user').on('deposit').columns(['user_id', 'created_at']).execute()
  await db.schema.createIndex('deposit_status').on('deposit').columns(['status', 'created_at']).execute()

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('tx_hash', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewer_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('withdrawal_user').on('withdrawal').columns(['user_id', 'created_at']).execute()
  await db.schema
    .createIndex('withdrawal_status')
    .on('withdrawal')
    .columns(['status', 'created_at'])
    .execute()

  await db.schema
    .createTable('transfer_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('to_account', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('transfer_record_user')
    .on('transfer_record')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('address_book')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('address_book_unique')
    .on('address_book')
    .columns(['user_id', 'asset', 'chain', 'address'])
    .unique()
    .execute()

  await db.schema
    .createTable('asset_user_setting')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('address_book_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()

  // A quote is a row with status 'quoted'; accepting it within its validity makes it 'done'.
  await db.schema
    .createTable('exchange_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('from_asset', 'text', (c) => c.notNull())
    .addColumn('to_asset', 'text', (c) => c.notNull())
    .addColumn('from_amount', 'numeric', (c) => c.notNull())
    .addColumn('to_amount', 'numeric', (c) => c.notNull())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('quoted'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('exchange_order_user')
    .on('exchange_order')
    .columns(['user_id', 'status', 'created_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'exchange_order',
    'asset_user_setting',
    'address_book',
    'transfer_record',
    'withdrawal',
    'deposit',
    'deposit_channel',
  ])
    await db.schema.dropTable(t).execute()
}
