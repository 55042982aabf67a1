import { apiKeyAdminRevokeSchema, apiKeyUserSchema } from '@common/apikey/schema'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { findKeyView, listKeys, revokeKey } from '../../platform/api-keys/index'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'

/**
 * Console, /api/admin/apikey/*: a user's keys (never a secret), and revoking one with a reason,
 * audited. The console gate (server/platform/staff/duties.ts) runs first: staff only, and never
 * on their own account (the key's owner is the case's party).
 */
export async function apiKeyAdminRoutes(app: FastifyInstance, { db }: ModuleDeps): Promise<void> {
  app.get('/list', async (req) => {
    const { userId } = parse(apiKeyUserSchema, req.query)
    return ok(await listKeys(db, userId))
  })

  app.post('/revoke', async (req) => {
    const body = parse(apiKeyAdminRevokeSchema, req.body)
    const a = actor(req)
    const key = await findKeyView(db, body.id)
    if (!key || key.userId !== body.userId) throw new AppError('apiKeyNotFound')
    await db.transaction().execute(async (trx) => {
      if (!(await revokeKey(trx, key.id, { reason: body.reason, actorId: a.actorId, userId: body.userId })))
        throw new AppError('apiKeyRevoked')
      await writeAudit(trx, {
        actorId: a.actorId,
        action: 'apikey.revoke',
        targetType: 'user',
        targetId: body.userId,
        before: { id: key.id, apiKey: key.apiKey, label: key.label, scopes: key.scopes },
        after: { revoked: true },
        reason: body.reason,
        ip: a.ip,
      })
    })
    return ok(null)
  })
}
