import { type AnyDb, dropTables, index, reviewed, table } from './kit'

/** A deposit's or withdrawal's indexes: a user's requests, and the review queue by status. */
async function reviewQueue(db: AnyDb, t: string): Promise<void> {
  await index(db, `${t}_user`, t, ['user_id', 'created_at'])
  await index(db, `${t}_status`, t, ['status', 'created_at'])
}

/** Deposits, withdrawals, transfers, the address book and flash exchange (the assets area). */
export async function up(db: AnyDb): Promise<void> {
  // The platform's deposit address per coin and chain: set by operators, never generated.
  await table(db, 'deposit_channel', {
    asset: 'text not null',
    chain: 'text not null',
    address: 'text not null',
    min_amount: 'numeric not null default 0',
    confirmations: 'integer not null default 1',
    enabled: 'boolean not null default false',
    updated_by: 'text',
    updated_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('deposit_channel_pk', ['asset', 'chain'])
    .execute()

  await table(db, 'deposit', {
    id: 'text primary key',
    user_id: 'text not null',
    asset: 'text not null',
    chain: 'text not null',
    address: 'text not null',
    amount: 'numeric not null',
    voucher_upload_id: 'text',
    status: "text not null default 'pending'",
    credited_amount: 'numeric',
    ...reviewed,
    created_at: 'timestamptz not null default now()',
  }).execute()
  await reviewQueue(db, 'deposit')

  await table(db, 'withdrawal', {
    id: 'text primary key',
    user_id: 'text not null',
    asset: 'text not null',
    chain: 'text not null',
    address: 'text not null',
    amount: 'numeric not null',
    fee: 'numeric not null',
    status: "text not null default 'pending'",
    tx_hash: 'text',
    ...reviewed,
    created_at: 'timestamptz not null default now()',
  }).execute()
  await reviewQueue(db, 'withdrawal')

  await table(db, 'transfer_record', {
    id: 'text primary key',
    user_id: 'text not null',
    asset: 'text not null',
    from_account: 'text not null',
    to_account: 'text not null',
    amount: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'transfer_record_user', 'transfer_record', ['user_id', 'created_at'])

  await table(db, 'address_book', {
    id: 'text primary key',
    user_id: 'text not null',
    asset: 'text not null',
    chain: 'text not null',
    address: 'text not null',
    remark: "text not null default ''",
    created_at: 'timestamptz not null default now()',
  }).execute()
  await db.schema
    .createIndex('address_book_unique')
    .on('address_book')
    .columns(['user_id', 'asset', 'chain', 'address'])
    .unique()
    .execute()

  await table(db, 'asset_user_setting', {
    user_id: 'text primary key',
    address_book_only: 'boolean not null default false',
  }).execute()

  // A quote is a row with status 'quoted'; accepting it within its validity makes it 'done'.
  await table(db, 'exchange_order', {
    id: 'text primary key',
    user_id: 'text not null',
    from_asset: 'text not null',
    to_asset: 'text not null',
    from_amount: 'numeric not null',
    to_amount: 'numeric not null',
    rate: 'numeric not null',
    fee: 'numeric not null',
    status: "text not null default 'quoted'",
    expires_at: 'timestamptz not null',
    done_at: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'exchange_order_user', 'exchange_order', ['user_id', 'status', 'created_at'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, [
    'exchange_order',
    'asset_user_setting',
    'address_book',
    'transfer_record',
    'withdrawal',
    'deposit',
    'deposit_channel',
  ])
}
