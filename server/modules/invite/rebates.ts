import { rebateOf, shareOf } from '@common/invite/rules'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, type DecimalString, isZero } from '@common/money/decimal'
import { move, postEntry } from '../../ledger/ledger'
import { assetPrecisions } from '../../ledger/precision'
import type { InviteDesk } from './desk'
import { claimRun, type Fill, feesOf, insertRebates } from './rebate-repo'

/** Where rebates are paid: the inviter's funding account. */
const PAY_ACCOUNT = 'funding'

/**
 * Pays one day's rebates, exactly once: the day's run row, the rebate rows (one per fill and
 * role, unique) and one ledger entry per inviter and asset (fees -> inviter's funding) commit
 * together, and a day with a run row is never paid again (after a restart too).
 */
export async function payDay(
  svc: InviteDesk,
  day: string,
  now = svc.now(),
): Promise<{ paid: number; rebates: number }> {
  const shares = new Map<string, DecimalString>()
  return svc.db.transaction().execute(async (trx) => {
    if (!(await claimRun(trx, 'rebate', day))) return { paid: 0, rebates: 0 }
    const fills = await feesOf(trx, day)
    if (fills.length === 0) return { paid: 0, rebates: 0 }
    const prec = await assetPrecisions(trx)
    const rows: (Fill & { day: string; share: string; amount: string })[] = []
    for (const f of fills) {
      let share = shares.get(f.inviter_id)
      if (share === undefined) {
        share = shareOf((await svc.rankOf(f.inviter_id, now, trx)).rank, svc.ranks)
        shares.set(f.inviter_id, share)
      }
      const amount = rebateOf(f.fee, share, prec.get(f.asset) ?? 8)
      if (!isZero(amount)) rows.push({ ...f, day, share, amount })
    }
    const totals = new Map<string, { inviter: string; asset: string; amount: DecimalString }>()
    for (const r of rows) {
      const k = `${r.inviter_id}\u0000${r.asset}`
      const t = totals.get(k) ?? { inviter: r.inviter_id, asset: r.asset, amount: '0' }
      t.amount = add(t.amount, r.amount)
      totals.set(k, t)
    }
    const entries = new Map<string, string>()
    for (const [k, t] of totals) {
      const id = await postEntry(trx, {
        reason: 'rebate',
        refType: 'invite_rebate',
        refId: `${day}:${t.inviter}`,
        memo: `rebates of ${day}`,
        postings: move(
          { holder: SYSTEM_HOLDER, account: 'fees', asset: t.asset },
          { holder: t.inviter, account: PAY_ACCOUNT, asset: t.asset },
          t.amount,
        ),
      })
      entries.set(k, String(id))
    }
    await insertRebates(
      trx,
      rows.map((r) => ({
        day: r.day,
        source: r.source,
        fill_id: r.fill_id,
        role: r.role,
        symbol: r.symbol,
        inviter_id: r.inviter_id,
        invitee_id: r.invitee_id,
        asset: r.asset,
        fee: r.fee,
        share: r.share,
        amount: r.amount,
        entry_id: entries.get(`${r.inviter_id}\u0000${r.asset}`) ?? null,
      })),
    )
    return { paid: totals.size, rebates: rows.length }
  })
}
