import type { adjustSchema } from '@common/admin/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { abs, isNegative, neg, normalize } from '@common/money/decimal'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { move, postEntry, type Tx } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import { revokeUserKeys } from '../../platform/api-keys/index'
import { forgetSessions } from '../../platform/identity/sessions'
import { writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/four-eyes'
import {
  accountOf,
  clearSecondFactor,
  decideIdentity,
  lockIdentity,
  setUserStatus,
  userExists,
} from './console-repo'

/** Who acts in the console: the staff member, their role and where from. */
export type Actor = { actorId: string; role: string; ip: string }
type AdjustBody = v.InferOutput<typeof adjustSchema>

/** A target account operators may act on: users only; admins may act on anyone but themselves. */
async function targetUser(db: Tx, userId: string, a: Actor) {
  const u = await accountOf(db, userId)
  if (!u) throw new AppError('notFound')
  if (u.id === a.actorId) throw new AppError('staffSelfAction')
  if (u.role !== 'user' && a.role !== 'admin') throw new AppError('forbidden')
  return u
}

/** Approves or rejects a pending identity review, audited. */
export async function reviewIdentity(
  db: Db,
  body: { userId: string; reason: string },
  approve: boolean,
  a: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockIdentity(trx, body.userId)
    if (!row) throw new AppError('notFound')
    if (row.advanced_status !== 'pending') throw new AppError('reviewDecided')
    const next = approve ? 'verified' : 'failed'
    await decideIdentity(trx, body.userId, {
      status: next,
      reason: approve ? null : body.reason,
      reviewerId: a.actorId,
    })
    await writeAudit(trx, {
      actorId: a.actorId,
      action: approve ? 'identity.approve' : 'identity.reject',
      targetType: 'user',
      targetId: body.userId,
      before: { status: row.advanced_status },
      after: { status: next, ...(approve ? {} : { reason: body.reason }) },
      reason: body.reason,
      ip: a.ip,
    })
  })
}

/** Freezes or unfreezes an account, audited; a frozen account's sessions end. */
export async function changeUserStatus(
  db: Db,
  body: { userId: string; reason: string },
  next: 'frozen' | 'active',
  a: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const u = await targetUser(trx, body.userId, a)
    if (u.status === next) throw new AppError('userStatusUnchanged')
    await setUserStatus(trx, u.id, next)
    // A frozen account keeps its sessions (to look), but its API keys end for good.
    if (next === 'frozen') await revokeUserKeys(trx, u.id, 'account frozen', a.actorId)
    await writeAudit(trx, {
      actorId: a.actorId,
      action: next === 'frozen' ? 'user.freeze' : 'user.unfreeze',
      targetType: 'user',
      targetId: u.id,
      before: { status: u.status },
      after: { status: next },
      reason: body.reason,
      ip: a.ip,
    })
  })
  forgetSessions({ userId: body.userId })
}

/** Unbinds a user's authenticator (lost phone), audited. */
export async function resetGoogle(db: Db, body: { userId: string; reason: string }, a: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const u = await targetUser(trx, body.userId, a)
    if (u.totp_secret === null && !u.google_verify) throw new AppError('userStatusUnchanged')
    await clearSecondFactor(trx, u.id)
    await revokeUserKeys(trx, u.id, 'authenticator reset', a.actorId)
    await writeAudit(trx, {
      actorId: a.actorId,
      action: 'user.reset_google',
      targetType: 'user',
      targetId: u.id,
      before: { googleBound: u.totp_secret !== null, googleVerify: u.google_verify },
      after: { googleBound: false, googleVerify: false },
      reason: body.reason,
      ip: a.ip,
    })
  })
}

/**
 * Admin only: a manual correction, always a ledger entry against the treasury, with a reason.
 * Never on one's own account (1705); above the four-eyes limit a second admin approves it.
 */
export function balanceAdjustment(deps: { db: Db; market?: MarketData }) {
  const { db } = deps
  return fourEyes(deps, {
    kind: 'user.adjust_balance',
    caseType: 'user',
    caseId: (b: AdjustBody) => b.userId,
    adminOnly: true,
    // Checked before anything is proposed: an unknown asset or too many decimals is refused (1101).
    moves: async (d, b) => {
      await checkAssetAmount(d, b.asset, b.amount)
      return (await userExists(d, b.userId)) ? { asset: b.asset, amount: abs(normalize(b.amount)) } : null
    },
    run: async (ctx, body) => {
      await checkAssetAmount(db, body.asset, body.amount)
      if (!(await userExists(db, body.userId))) throw new AppError('notFound')
      const amount = normalize(body.amount)
      const user = { holder: body.userId, account: body.account, asset: body.asset }
      const treasury = { holder: SYSTEM_HOLDER, account: 'treasury', asset: body.asset }
      const entryId = await db.transaction().execute(async (trx) => {
        const id = await postEntry(trx, {
          reason: 'adjustment',
          refType: 'admin_adjustment',
          refId: body.userId,
          memo: body.reason,
          actorId: ctx.actorId,
          postings: isNegative(amount) ? move(user, treasury, neg(amount)) : move(treasury, user, amount),
        })
        await ctx.audit(trx, {
          action: 'user.adjust_balance',
          targetType: 'user',
          targetId: body.userId,
          before: null,
          after: { account: body.account, asset: body.asset, amount, entryId: id },
          reason: body.reason,
        })
        return id
      })
      return { entryId }
    },
  })
}
