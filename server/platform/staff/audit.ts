import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

export interface AuditInput {
  actorId: string
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  reason?: string
  ip?: string
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v))

/** Appends one row to the audit log; call inside the transaction of the action it records. */
export async function writeAudit(db: Kysely<Database>, a: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: a.actorId,
      action: a.action,
      target_type: a.targetType,
      target_id: a.targetId,
      before: json(a.before),
      after: json(a.after),
      reason: a.reason ?? '',
      ip: a.ip ?? '',
    })
    .execute()
}
