import { type Kysely, sql } from 'kysely'
import { DEFAULT_RANKS, DEFAULT_TIERS } from '../../../common/invite/rules'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

/**
 * Invitation and referral, partner ranks, VIP tiers (issue 19). The tier thresholds and fee
 * factors and the ranks' thresholds and rebate shares are config rows seeded here (operators
 * change them in the console), so a fresh install shows the benefits table at once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('invite_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db
    .insertInto('invite_config')
    .values([
      { key: 'vip_tiers', value: JSON.stringify(DEFAULT_TIERS) },
      { key: 'ranks', value: JSON.stringify(DEFAULT_RANKS) },
    ])
    .execute()
  await db.schema
    .createTable('invite_partner')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('rank', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('vip_status')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('shortfall_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_day', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('vip_snapshot')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('assets', 'numeric', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('shortfall_days', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('vip_snapshot_pk', ['user_id', 'day'])
    .execute()
  await db.schema
    .createTable('invite_run')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('invite_run_pk', ['kind', 'day'])
    .execute()
  await db.schema
    .createTable('invite_rebate')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('fill_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('share', 'numeric', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invite_rebate_fill', ['source', 'fill_id', 'role'])
    .execute()
  await db.schema
    .createIndex('invite_rebate_inviter')
    .on('invite_rebate')
    .columns(['inviter_id', 'id'])
    .execute()
  await db.schema
    .createTable('invite_pref')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('hide_leaderboard', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema.createIndex('users_referred_by').ifNotExists().on('users').column('referred_by').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_referred_by').ifExists().execute()
  for (const t of [
    'invite_pref',
    'invite_rebate',
    'invite_run',
    'vip_snapshot',
    'vip_status',
    'invite_partner',
    'invite_config',
  ])
    await db.schema.dropTable(t).execute()
}
