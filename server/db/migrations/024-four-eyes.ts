import { sql } from 'kysely'
import { type AnyDb, index, table } from './kit'

/**
 * Segregation of duties (server/platform/staff/duties.ts): a money-moving console decision above the
 * four-eyes limit is stored as a proposal by one staff member and carried out only when a second,
 * different staff member approves it. At most one pending proposal per case and kind.
 * The limit is the setting row `four_eyes.limit_usdt` (USDT-equivalent; default 10000).
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'four_eyes_proposal', {
    id: 'bigserial primary key',
    kind: 'text not null',
    case_type: 'text not null',
    case_id: 'text not null',
    payload: 'jsonb not null',
    asset: 'text not null',
    amount: 'numeric not null',
    // null: no price to value the asset in USDT (such a decision always takes two people)
    value_usdt: 'numeric',
    limit_usdt: 'numeric not null',
    proposer_id: 'text not null references users (id)',
    status: "text not null default 'pending'",
    decided_by: 'text references users (id)',
    decided_at: 'timestamptz',
    reason: "text not null default ''",
    created_at: 'timestamptz not null default now()',
  }).execute()
  await sql`create unique index four_eyes_one_pending on four_eyes_proposal (kind, case_id)
    where status = 'pending'`.execute(db)
  await index(db, 'four_eyes_status', 'four_eyes_proposal', ['status', 'id'])
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('four_eyes_proposal').execute()
}
