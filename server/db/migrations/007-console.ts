import { sql } from 'kysely'
import { type AnyDb, index, table } from './kit'

/**
 * Operator console: the append-only audit log, and when a staff account's one-time password was
 * issued (the account must change it before the console answers: password_changed_at > otp_issued_at).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('otp_issued_at', 'timestamptz').execute()

  await table(db, 'audit_log', {
    id: 'bigserial primary key',
    actor_id: 'text not null',
    action: 'text not null',
    target_type: 'text not null',
    target_id: 'text not null',
    before: 'jsonb',
    after: 'jsonb',
    reason: "text not null default ''",
    ip: "text not null default ''",
    created_at: 'timestamptz not null default now()',
  }).execute()
  await index(db, 'audit_log_actor', 'audit_log', ['actor_id', 'id'])
  await index(db, 'audit_log_target', 'audit_log', ['target_type', 'target_id', 'id'])

  // Append-only, whatever the application does: the database refuses to change or remove a row.
  await sql`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end
    $$`.execute(db)
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger if exists audit_log_no_change on audit_log`.execute(db)
  await db.schema.dropTable('audit_log').execute()
  await sql`drop function if exists audit_log_append_only()`.execute(db)
  await db.schema.alterTable('users').dropColumn('otp_issued_at').execute()
}
