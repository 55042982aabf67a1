import { DEFAULT_RANKS, DEFAULT_TIERS } from '../../../common/invite/rules'
import { type AnyDb, dropTables, index, table } from './kit'

/**
 * Invitation and referral, partner ranks, VIP tiers (issue 19). The tier thresholds and fee
 * factors and the ranks' thresholds and rebate shares are config rows seeded here (operators
 * change them in the console), so a fresh install shows the benefits table at once.
 */
export async function up(db: AnyDb): Promise<void> {
  await table(db, 'invite_config', {
    key: 'text primary key',
    value: 'jsonb not null',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await db
    .insertInto('invite_config')
    .values([
      { key: 'vip_tiers', value: JSON.stringify(DEFAULT_TIERS) },
      { key: 'ranks', value: JSON.stringify(DEFAULT_RANKS) },
    ])
    .execute()
  await table(db, 'invite_partner', {
    user_id: 'text primary key references users (id)',
    rank: 'text not null',
    granted_by: 'text not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await table(db, 'vip_status', {
    user_id: 'text primary key references users (id)',
    tier: 'text not null',
    shortfall_days: 'integer not null default 0',
    last_day: 'text',
    updated_at: 'timestamptz not null default now()',
  }).execute()
  await table(db, 'vip_snapshot', {
    user_id: 'text not null references users (id)',
    day: 'text not null',
    assets: 'numeric not null',
    tier: 'text not null',
    shortfall_days: 'integer not null',
    created_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('vip_snapshot_pk', ['user_id', 'day'])
    .execute()
  await table(db, 'invite_run', {
    kind: 'text not null',
    day: 'text not null',
    done_at: 'timestamptz not null default now()',
  })
    .addPrimaryKeyConstraint('invite_run_pk', ['kind', 'day'])
    .execute()
  await table(db, 'invite_rebate', {
    id: 'bigserial primary key',
    day: 'text not null',
    source: 'text not null',
    fill_id: 'text not null',
    role: 'text not null',
    symbol: 'text not null',
    inviter_id: 'text not null references users (id)',
    invitee_id: 'text not null references users (id)',
    asset: 'text not null',
    fee: 'numeric not null',
    share: 'numeric not null',
    amount: 'numeric not null',
    entry_id: 'text',
    created_at: 'timestamptz not null default now()',
  })
    .addUniqueConstraint('invite_rebate_fill', ['source', 'fill_id', 'role'])
    .execute()
  await index(db, 'invite_rebate_inviter', 'invite_rebate', ['inviter_id', 'id'])
  await table(db, 'invite_pref', {
    user_id: 'text primary key references users (id)',
    hide_leaderboard: 'boolean not null default false',
  }).execute()
  await db.schema.createIndex('users_referred_by').ifNotExists().on('users').column('referred_by').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_referred_by').ifExists().execute()
  await dropTables(db, [
    'invite_pref',
    'invite_rebate',
    'invite_run',
    'vip_snapshot',
    'vip_status',
    'invite_partner',
    'invite_config',
  ])
}
