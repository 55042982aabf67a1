import { type AnyDb, dropTables, index, table } from './kit'

/** Double-entry ledger: balances change only through entries whose postings sum to zero per asset. */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'balance', {
    holder: 'text not null',
    account: 'text not null',
    asset: 'text not null',
    available: 'numeric not null default 0',
    frozen: 'numeric not null default 0',
    updated_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('balance_pk', ['holder', 'account', 'asset'])
    .execute()

  await table(db, 'ledger_entry', {
    id: 'bigserial primary key',
    reason: 'text not null',
    ref_type: 'text',
    ref_id: 'text',
    memo: "text not null default ''",
    actor_id: 'text',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'ledger_entry_ref', 'ledger_entry', ['ref_type', 'ref_id'])

  await table(db, 'ledger_posting', {
    id: 'bigserial primary key',
    entry_id: 'bigint not null references ledger_entry (id)',
    holder: 'text not null',
    account: 'text not null',
    asset: 'text not null',
    bucket: 'text not null',
    amount: 'numeric not null',
    // The bucket's value after this posting: lets a user's records show a running balance.
    balance_after: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'ledger_posting_holder', 'ledger_posting', ['holder', 'entry_id'])
  await index(db, 'ledger_posting_entry', 'ledger_posting', ['entry_id'])
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, ['ledger_posting', 'ledger_entry', 'balance'])
}
