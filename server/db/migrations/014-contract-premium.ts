import { type AnyDb, index, table } from './kit'

/**
 * Premium samples of the perpetuals' funding rate (book mid against the index, one a minute),
 * kept so a restart inside a funding interval keeps the interval's average, and so the inputs of
 * every published rate stay on record.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'contract_premium_sample', {
    id: 'bigserial primary key',
    symbol: 'text not null',
    // The funding time the interval started at (epoch ms).
    slot: 'bigint not null',
    premium: 'numeric not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'contract_premium_sample_slot', 'contract_premium_sample', ['slot', 'symbol'])
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('contract_premium_sample').execute()
}
