import {
  adjustSchema,
  identityListSchema,
  identityRejectSchema,
  userActionSchema,
  userIdSchema,
  userLedgerSchema,
  userSearchSchema,
} from '@common/admin/schema'
import { countedPage } from '@common/api/page'
import { normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import type { Selectable } from 'kysely'
import type { IdentityTable } from '../../db/schema'
import { requireAdmin } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { readBalances } from '../../ledger/ledger'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { balanceAdjustment, changeUserStatus, resetGoogle, reviewIdentity } from './console'
import { identityPage, ledgerPage, userDetail, usersPage } from './console-repo'

const ms = toMillisOrNull
const photo = (id: string | null) => (id ? `upload/${id}` : null)

/** A user's identity record as the review queue and the user's detail both show it. */
function identityView(
  r: Pick<
    Selectable<IdentityTable>,
    | 'nationality'
    | 'real_name'
    | 'id_number'
    | 'advanced_status'
    | 'reject_reason'
    | 'submitted_at'
    | 'reviewed_at'
    | 'front_upload_id'
    | 'back_upload_id'
    | 'hand_upload_id'
  >,
) {
  return {
    nationality: r.nationality,
    realName: r.real_name,
    idNumber: r.id_number,
    status: r.advanced_status,
    rejectReason: r.reject_reason,
    submittedAt: ms(r.submitted_at),
    reviewedAt: ms(r.reviewed_at),
    photos: {
      front: photo(r.front_upload_id),
      back: photo(r.back_upload_id),
      hand: photo(r.hand_upload_id),
    },
  }
}

/**
 * The console's accounts pages, /api/admin/identity/* and /api/admin/users/*: the identity review
 * queue, user search and detail with their ledger, freezing, resetting the authenticator and
 * (admins) balance adjustments; every change audited. Staff only: the console gate
 * (server/platform/staff/duties.ts) runs before every /api/admin handler.
 */
export async function authAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  app.get('/identity/list', async (req) => {
    const q = parse(identityListSchema, req.query)
    const { total, rows } = await identityPage(db, q)
    return ok(
      countedPage(
        rows.map((r) => ({
          userId: r.user_id,
          uid: r.uid,
          email: r.email,
          phone: r.phone,
          ...identityView(r),
          basicAt: ms(r.basic_at),
        })),
        total,
        q,
      ),
    )
  })

  app.post('/identity/approve', async (req) => {
    await reviewIdentity(db, { ...parse(userIdSchema, req.body), reason: '' }, true, actor(req))
    return ok(null)
  })
  app.post('/identity/reject', async (req) => {
    await reviewIdentity(db, parse(identityRejectSchema, req.body), false, actor(req))
    return ok(null)
  })

  app.get('/users/search', async (req) => {
    const q = parse(userSearchSchema, req.query)
    const { total, rows } = await usersPage(db, q)
    return ok(
      countedPage(
        rows.map((r) => ({
          id: r.id,
          uid: r.uid,
          email: r.email,
          phone: r.phone,
          nickname: r.nickname,
          role: r.role,
          status: r.status,
          identity: r.advanced_status ?? null,
          createdAt: ms(r.created_at),
        })),
        total,
        q,
      ),
    )
  })

  app.get('/users/detail', async (req) => {
    const { userId } = parse(userIdSchema, req.query)
    const found = await userDetail(db, userId)
    if (!found) throw new AppError('notFound')
    const { user: u, identity, sessions } = found
    return ok({
      profile: {
        id: u.id,
        uid: u.uid,
        role: u.role,
        status: u.status,
        email: u.email,
        phone: u.phone,
        nickname: u.nickname,
        googleBound: u.totp_secret !== null,
        googleVerify: u.google_verify,
        hasTradePassword: u.trade_password_hash !== null,
        createdAt: ms(u.created_at),
      },
      identity: identity ? identityView(identity) : null,
      balances: await readBalances(db, userId),
      sessions: sessions.map((s) => ({
        id: s.id,
        ip: s.ip,
        userAgent: s.user_agent,
        createdAt: ms(s.created_at),
        lastSeenAt: ms(s.last_seen_at),
      })),
    })
  })

  app.get('/users/ledger', async (req) => {
    const q = parse(userLedgerSchema, req.query)
    const { total, rows } = await ledgerPage(db, q)
    return ok(
      countedPage(
        rows.map((r) => ({
          id: Number(r.id),
          entryId: Number(r.entry_id),
          account: r.account,
          asset: r.asset,
          bucket: r.bucket,
          amount: normalize(r.amount),
          balanceAfter: normalize(r.balance_after),
          reason: r.reason,
          memo: r.memo,
          refType: r.ref_type,
          refId: r.ref_id,
          actorId: r.actor_id,
          at: ms(r.created_at),
        })),
        total,
        q,
      ),
    )
  })

  for (const [path, next] of [
    ['/users/freeze', 'frozen'],
    ['/users/unfreeze', 'active'],
  ] as const)
    app.post(path, async (req) => {
      await changeUserStatus(db, parse(userActionSchema, req.body), next, actor(req))
      return ok(null)
    })

  app.post('/users/reset-google', async (req) => {
    await resetGoogle(db, parse(userActionSchema, req.body), actor(req))
    return ok(null)
  })

  const adjust = balanceAdjustment(deps)
  app.post('/users/adjust', { preHandler: requireAdmin }, async (req) =>
    ok(await adjust(req, parse(adjustSchema, req.body))),
  )
}
