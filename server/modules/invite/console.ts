import type { InviteConfigInput, partnerGrantSchema } from '@common/invite/schema'
import type * as v from 'valibot'
import { AppError } from '../../http/errors'
import { writeAudit } from '../../platform/staff/audit'
import { rebateDays } from './rebate-repo'
import { grantedRank, partners, setPartner, updateConfig, userExists } from './repo'
import type { InviteService } from './service'
import { tierCounts } from './vip-repo'

type Actor = { actorId: string; ip: string }

/** The console's invitation page: rules in force, partner grants, rebates per day, VIP users per tier. */
export async function overview(svc: InviteService) {
  const [granted, days, tiers] = await Promise.all([partners(svc.db), rebateDays(svc.db), tierCounts(svc.db)])
  return {
    tiers: svc.tiers,
    ranks: svc.ranks,
    partners: granted.map((p) => ({
      userId: p.user_id,
      nickname: p.nickname,
      rank: p.rank,
      grantedAt: p.created_at.getTime(),
    })),
    days: days.map((d) => ({ ...d, amount: d.amount })),
    vipUsers: tiers,
  }
}

/** Replaces the tiers and ranks (audited in the same transaction), then reloads them. */
export async function changeRules(svc: InviteService, body: InviteConfigInput, by: Actor) {
  const before = { tiers: svc.tiers, ranks: svc.ranks }
  await svc.db.transaction().execute(async (trx) => {
    await updateConfig(trx, 'vip_tiers', body.tiers)
    await updateConfig(trx, 'ranks', body.ranks)
    await writeAudit(trx, {
      ...by,
      action: 'invite.config',
      targetType: 'invite_config',
      targetId: 'rules',
      before,
      after: body,
    })
  })
  await svc.reload()
  return { tiers: svc.tiers, ranks: svc.ranks }
}

/** Grants (or with 'ordinary' takes back) a partner rank, audited; answers the rank in force. */
export async function grantPartner(
  svc: InviteService,
  body: v.InferOutput<typeof partnerGrantSchema>,
  by: Actor,
) {
  await svc.db.transaction().execute(async (trx) => {
    if (!(await userExists(trx, body.userId))) throw new AppError('notFound')
    const before = await grantedRank(trx, body.userId)
    await setPartner(trx, body.userId, body.rank, by.actorId)
    await writeAudit(trx, {
      ...by,
      action: 'invite.partner',
      targetType: 'user',
      targetId: body.userId,
      before: { rank: before ?? 'ordinary' },
      after: { rank: body.rank },
      reason: body.reason,
    })
  })
  return svc.rankOf(body.userId)
}
