import { isDecimalString } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { currentUser, requireAdmin } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { actor } from '../../platform/staff/actor'
import { approveProposal, rejectProposal } from '../../platform/staff/four-eyes'
import { approvalQueue, setFourEyesLimit } from './approvals'

const idField = v.pipe(v.string('invalid_id'), v.trim(), v.regex(/^\d{1,18}$/, 'invalid_id'))
const listQuery = v.object({
  status: v.optional(v.picklist(['pending', 'approved', 'rejected'], 'invalid_status'), 'pending'),
})
const approveBody = v.object({ id: idField })
const rejectBody = v.object({
  id: idField,
  reason: v.pipe(
    v.string('invalid_reason'),
    v.trim(),
    v.minLength(2, 'invalid_reason'),
    v.maxLength(200, 'invalid_reason'),
  ),
})
const limitBody = v.object({
  limit: v.pipe(
    v.string('invalid_amount'),
    v.trim(),
    v.regex(/^\d{1,15}(\.\d{1,2})?$/, 'invalid_amount'),
    v.check((s) => isDecimalString(s), 'invalid_amount'),
  ),
  reason: v.pipe(
    v.string('invalid_reason'),
    v.trim(),
    v.minLength(2, 'invalid_reason'),
    v.maxLength(200, 'invalid_reason'),
  ),
})

/**
 * /api/admin/approvals/*: the four-eyes queue (server/platform/staff/duties.ts). Staff see the
 * proposals, approve those of others (the decision then runs once) or reject them; admins set the
 * limit. Every step is audited.
 */
export async function approvalRoutes(admin: FastifyInstance, db: Db): Promise<void> {
  admin.get('/approvals/list', async (req) =>
    ok(await approvalQueue(db, parse(listQuery, req.query).status, currentUser(req))),
  )

  admin.post('/approvals/approve', async (req) => {
    const { id } = parse(approveBody, req.body)
    return ok({ id, result: (await approveProposal(db, req, id)) ?? null })
  })

  admin.post('/approvals/reject', async (req) => {
    const { id, reason } = parse(rejectBody, req.body)
    await rejectProposal(db, req, id, reason)
    return ok(null)
  })

  // Admin only, audited: the USDT value above which a money-moving decision takes two people.
  admin.post('/approvals/limit', { preHandler: requireAdmin }, async (req) =>
    ok(await setFourEyesLimit(db, parse(limitBody, req.body), actor(req))),
  )
}
