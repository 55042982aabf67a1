import { normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { Db } from '../../db/db'
import { writeSetting } from '../../db/setting'
import { writeAudit } from '../../platform/staff/audit'
import { type CaseType, PARTIES } from '../../platform/staff/duties'
import { FOUR_EYES_LIMIT_KEY, fourEyesLimit, kindIsAdminOnly } from '../../platform/staff/four-eyes'
import { peopleOf, proposals } from './repo'

/**
 * The four-eyes queue as one staff member sees it: each proposal with the parties of its case and
 * what this staff member may do with it (not their own, not a party, admin-only kinds for admins).
 */
export async function approvalQueue(
  db: Db,
  status: 'pending' | 'approved' | 'rejected',
  me: { id: string; role: string },
) {
  const list = []
  for (const r of await proposals(db, status)) {
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
  return { limit: await fourEyesLimit(db), list }
}

/** Sets the USDT value above which a money-moving decision takes two people, audited. */
export async function setFourEyesLimit(
  db: Db,
  body: { limit: string; reason: string },
  a: { actorId: string; ip: string },
) {
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
  return { limit }
}
