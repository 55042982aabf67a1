import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then, not today's types
type AnyDb = Kysely<any>

const now = sql`now()`

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'serial', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) =>
      c.notNull().defaultTo('user').check(sql`role in ('user', 'operator', 'admin')`),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('phone_country', 'text')
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('trade_password_hash', 'text')
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar_upload_id', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('sms_verify', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_verify', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('google_verify', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('anti_phishing', 'text')
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'text', (c) => c.references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('user_session_user').on('user_session').column('user_id').execute()

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('verification_code_target')
    .on('verification_code')
    .columns(['target', 'created_at'])
    .execute()

  await db.schema
    .createTable('slider_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gap_x', 'integer', (c) => c.notNull())
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answered_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('login_attempt')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema
    .createIndex('login_attempt_account')
    .on('login_attempt')
    .columns(['account', 'ip', 'created_at'])
    .execute()
  await db.schema
    .createIndex('login_attempt_user')
    .on('login_attempt')
    .columns(['user_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('login_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('upload')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute()
  await db.schema.createIndex('upload_owner').on('upload').column('owner_id').execute()

  await db.schema
    .createTable('identity')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('basic_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('advanced_status', 'text', (c) =>
      c.notNull().defaultTo('none').check(sql`advanced_status in ('none', 'pending', 'verified', 'failed')`),
    )
    .addColumn('front_upload_id', 'text', (c) => c.references('upload.id'))
    .addColumn('back_upload_id', 'text', (c) => c.references('upload.id'))
    .addColumn('hand_upload_id', 'text', (c) => c.references('upload.id'))
    .addColumn('reject_reason', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewer_id', 'text', (c) => c.references('users.id'))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'identity',
    'upload',
    'login_challenge',
    'login_attempt',
    'slider_challenge',
    'verification_code',
    'user_session',
    'users',
  ]) {
    await db.schema.dropTable(t).execute()
  }
}
