import { applySnapshot, NO_VIP, type TierOrNone, type VipState } from '@common/invite/rules'
import { isZero } from '@common/money/decimal'
import type { InviteDesk } from './desk'
import { claimRun } from './rebate-repo'
import { holdingsOfAll, vipStates, writeVip } from './vip-repo'

/**
 * One day's VIP snapshot: every user holding a balance, and every user with a tier, gets the
 * day's total assets (the balances when the pass runs, just after the day ended) and the tier
 * that leaves in force. The day's run row makes it happen once.
 */
export async function snapshotDay(svc: InviteDesk, day: string): Promise<{ users: number }> {
  const n = await svc.db.transaction().execute(async (trx) => {
    if (!(await claimRun(trx, 'vip', day))) return 0
    const byUser = await holdingsOfAll(trx)
    const states = await vipStates(trx)
    const prev = new Map<string, VipState>(
      states.map((s) => [
        s.user_id,
        { tier: s.tier as TierOrNone, shortfallDays: s.shortfall_days, lastDay: s.last_day },
      ]),
    )
    const users = new Set([
      ...byUser.keys(),
      ...states.filter((s) => s.tier !== 'none').map((s) => s.user_id),
    ])
    let count = 0
    for (const userId of users) {
      const assets = svc.valueUsdt(byUser.get(userId) ?? [])
      const before = prev.get(userId) ?? NO_VIP
      const next = applySnapshot(before, day, assets, svc.tiers)
      if (next === before) continue
      if (next.tier === 'none' && !prev.has(userId) && isZero(assets)) continue
      await writeVip(trx, userId, day, assets, next)
      count++
    }
    return count
  })
  await svc.reload()
  return { users: n }
}
