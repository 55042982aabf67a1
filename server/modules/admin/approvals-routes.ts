import { isDecimalString, normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { writeSetting } from '../../db/setting'
import { currentUser, requireAdmin } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { type CaseType, PARTIES } from '../../platform/staff/duties'
import {
  approveProposal,
  FOUR_EYES_LIMIT_KEY,
  fourEyesLimit,
  kindIsAdminOnly,
  rejectProposal,
} from '../../platform/staff/four-eyes'
import { peopleOf, proposals } from './repo'

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
  admin.get('/approvals/list', async (req) => {
    const { status } = parse(listQuery, req.query)
    const me = currentUser(req)
    const rows = await proposals(db, status)
    const list = []
    for (const r of rows) {
      const parties = await PARTIES[r.case_type as CaseType](db, r.case_id)
      const people = await peopleOf(db, parties)
      const adminOnly = kindIsAdminOnly(db, r.kind)
      const mine = r.proposer_id === me.id
      const party = parties.includes(me.id)
      list.push({
        id: String(r.id),
        kind: r.kind,
        caseType: r.case_type,
        caseId: r.case_id,
        payload: r.payload,
        asset: r.asset,
        amount: normalize(r.amount),
        valueUsdt: r.value_usdt === null ? null : normalize(r.value_usdt),
        limit: normalize(r.limit_usdt),
        status: r.status,
        proposer: { id: r.proposer_id, uid: r.proposer_uid, email: r.proposer_email },
        decidedBy: r.decided_by ? { id: r.decided_by, email: r.decider_email } : null,
        decidedAt: toMillisOrNull(r.decided_at),
        reason: r.reason,
        createdAt: toMillisOrNull(r.created_at),
        parties: people.map((p) => ({ uid: p.uid, account: p.email ?? p.phone ?? '' })),
        mine,
        party,
        adminOnly,
        canApprove: !mine && !party && (!adminOnly || me.role === 'admin'),
        canReject: !party,
      })
    }
    return ok({ limit: await fourEyesLimit(db), list })
  })

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
  admin.post('/approvals/limit', { preHandler: requireAdmin }, async (req) => {
    const a = actor(req)
    const body = parse(limitBody, req.body)
    const limit = normalize(body.limit)
    await db.transaction().execute(async (trx) => {
      const before = await fourEyesLimit(trx)
      await writeSetting(trx, FOUR_EYES_LIMIT_KEY, limit)
      await writeAudit(trx, {
        actorId: a.actorId,
        action: 'four_eyes.limit',
        targetType: 'setting',
        targetId: FOUR_EYES_LIMIT_KEY,
        before: { limit: before },
        after: { limit },
        reason: body.reason,
        ip: a.ip,
      })
    })
    return ok({ limit })
  })
}
