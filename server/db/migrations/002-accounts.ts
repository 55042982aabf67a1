import { type AnyDb, dropTables, imageBytes, index, table } from './kit'

export async function up(db: AnyDb): Promise<void> {
  await table(db, 'users', {
    id: 'text primary key',
    uid: 'serial not null unique',
    role: "text not null default 'user' check (role in ('user', 'operator', 'admin'))",
    status: "text not null default 'active'",
    phone: 'text unique',
    phone_country: 'text',
    email: 'text unique',
    password_hash: 'text not null',
    trade_password_hash: 'text',
    nickname: 'text not null',
    avatar_upload_id: 'text',
    totp_secret: 'text',
    totp_last_step: 'integer',
    totp_pending_secret: 'text',
    sms_verify: 'boolean not null default false',
    email_verify: 'boolean not null default false',
    google_verify: 'boolean not null default false',
    anti_phishing: 'text',
    invite_code: 'text not null unique',
    referred_by: 'text references users (id)',
    currency: "text not null default 'USD'",
    password_changed_at: 'timestamptz not null default now()',
    created_at: 'timestamptz not null default now()',
  }).execute()

  await table(db, 'user_session', {
    id: 'text primary key',
    user_id: 'text not null references users (id)',
    token_hash: 'text not null unique',
    ip: 'text not null',
    user_agent: 'text not null',
    created_at: 'timestamptz not null default now()',
    last_seen_at: 'timestamptz not null default now()',
    expires_at: 'timestamptz not null',
    revoked_at: 'timestamptz',
  }).execute()
  await index(db, 'user_session_user', 'user_session', ['user_id'])

  await table(db, 'verification_code', {
    id: 'serial primary key',
    purpose: 'text not null',
    target: 'text not null',
    code_hash: 'text not null',
    attempts: 'integer not null default 0',
    created_at: 'timestamptz not null default now()',
    expires_at: 'timestamptz not null',
    used_at: 'timestamptz',
  }).execute()
  await index(db, 'verification_code_target', 'verification_code', ['target', 'created_at'])

  await table(db, 'slider_challenge', {
    id: 'text primary key',
    gap_x: 'integer not null',
    ticket_hash: 'text unique',
    created_at: 'timestamptz not null default now()',
    expires_at: 'timestamptz not null',
    answered_at: 'timestamptz',
    used_at: 'timestamptz',
  }).execute()

  await table(db, 'login_attempt', {
    id: 'serial primary key',
    account: 'text not null',
    user_id: 'text references users (id)',
    ip: 'text not null',
    user_agent: 'text not null',
    success: 'boolean not null',
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'login_attempt_account', 'login_attempt', ['account', 'ip', 'created_at'])
  await index(db, 'login_attempt_user', 'login_attempt', ['user_id', 'created_at'])

  await table(db, 'login_challenge', {
    id: 'text primary key',
    user_id: 'text not null references users (id)',
    ip: 'text not null',
    attempts: 'integer not null default 0',
    created_at: 'timestamptz not null default now()',
    expires_at: 'timestamptz not null',
    used_at: 'timestamptz',
  }).execute()

  await table(db, 'upload', {
    id: 'text primary key',
    owner_id: 'text not null references users (id)',
    ...imageBytes,
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'upload_owner', 'upload', ['owner_id'])

  await table(db, 'identity', {
    user_id: 'text primary key references users (id)',
    nationality: 'text not null',
    real_name: 'text not null',
    id_number: 'text not null',
    basic_at: 'timestamptz not null default now()',
    advanced_status:
      "text not null default 'none' check (advanced_status in ('none', 'pending', 'verified', 'failed'))",
    front_upload_id: 'text references upload (id)',
    back_upload_id: 'text references upload (id)',
    hand_upload_id: 'text references upload (id)',
    reject_reason: 'text',
    submitted_at: 'timestamptz',
    reviewed_at: 'timestamptz',
    reviewer_id: 'text references users (id)',
  }).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await dropTables(db, [
    'identity',
    'upload',
    'login_challenge',
    'login_attempt',
    'slider_challenge',
    'verification_code',
    'user_session',
    'users',
  ])
}
