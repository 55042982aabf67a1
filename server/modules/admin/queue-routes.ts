import {
  depositCreditSchema,
  depositListSchema,
  depositRejectSchema,
  withdrawalApproveSchema,
  withdrawalListSchema,
  withdrawalRejectSchema,
} from '@common/schemas/admin'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import {
  approveWithdrawal,
  creditDeposit,
  listDeposits,
  listWithdrawals,
  rejectDeposit,
  rejectWithdrawal,
} from '../assets/review'
import { writeAudit } from './audit'
import { actor } from './routes-shared'

/** Counts per status of a review table, for the queue's filter chips. */
async function statusCounts(db: Db, table: 'deposit' | 'withdrawal'): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: string }>`
    select status, count(*) as n from ${sql.table(table)} group by status`.execute(db)
  return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]))
}

/** E-mail / phone / UID of the users in a page, so the queue says who asked. */
async function owners(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { uid: number; account: string }>()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'uid', 'email', 'phone', 'nickname'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((r) => [r.id, { uid: r.uid, account: r.email ?? r.phone ?? r.nickname }]))
}

/**
 * Deposit and withdrawal review, on the assets area's review functions (server/modules/assets/review.ts);
 * each decision is written to the audit log with the row's state before and after.
 */
export async function queueRoutes(admin: FastifyInstance, db: Db): Promise<void> {
  admin.get('/deposits/list', async (req) => {
    const q = parse(depositListSchema, req.query)
    const page = await listDeposits(db, { status: q.status, page: q.page, size: q.size })
    const who = await owners(
      db,
      page.list.map((d) => d.userId),
    )
    return ok({
      counts: await statusCounts(db, 'deposit'),
      hasMore: page.hasMore,
      list: page.list.map((d) => ({
        ...d,
        user: who.get(d.userId) ?? null,
        voucher: d.voucherUploadId ? `upload/${d.voucherUploadId}` : null,
      })),
    })
  })

  admin.get('/withdrawals/list', async (req) => {
    const q = parse(withdrawalListSchema, req.query)
    const page = await listWithdrawals(db, { status: q.status, page: q.page, size: q.size })
    const who = await owners(
      db,
      page.list.map((w) => w.userId),
    )
    return ok({
      counts: await statusCounts(db, 'withdrawal'),
      hasMore: page.hasMore,
      list: page.list.map((w) => ({ ...w, user: who.get(w.userId) ?? null })),
    })
  })

  const deposit = (id: string) =>
    db
      .selectFrom('deposit')
      .select(['user_id', 'status', 'amount', 'asset'])
      .where('id', '=', id)
      .executeTakeFirst()
  const withdrawal = (id: string) =>
    db
      .selectFrom('withdrawal')
      .select(['user_id', 'status', 'amount', 'fee', 'asset'])
      .where('id', '=', id)
      .executeTakeFirst()

  admin.post('/deposits/credit', async (req) => {
    const a = actor(req)
    const body = parse(depositCreditSchema, req.body)
    const before = await deposit(body.depositId)
    if (!before) throw new AppError('notFound')
    await creditDeposit(db, { depositId: body.depositId, actorId: a.actorId, amount: body.amount })
    const after = await db
      .selectFrom('deposit')
      .select(['status', 'credited_amount'])
      .where('id', '=', body.depositId)
      .executeTakeFirstOrThrow()
    await writeAudit(db, {
      actorId: a.actorId,
      action: 'deposit.credit',
      targetType: 'deposit',
      targetId: body.depositId,
      before: { status: before.status, amount: before.amount, asset: before.asset, userId: before.user_id },
      after: { status: after.status, creditedAmount: after.credited_amount },
      ip: a.ip,
    })
    return ok(null)
  })

  admin.post('/deposits/reject', async (req) => {
    const a = actor(req)
    const body = parse(depositRejectSchema, req.body)
    const before = await deposit(body.depositId)
    if (!before) throw new AppError('notFound')
    await rejectDeposit(db, { depositId: body.depositId, actorId: a.actorId, reason: body.reason })
    await writeAudit(db, {
      actorId: a.actorId,
      action: 'deposit.reject',
      targetType: 'deposit',
      targetId: body.depositId,
      before: { status: before.status, amount: before.amount, asset: before.asset, userId: before.user_id },
      after: { status: 'rejected' },
      reason: body.reason,
      ip: a.ip,
    })
    return ok(null)
  })

  admin.post('/withdrawals/approve', async (req) => {
    const a = actor(req)
    const body = parse(withdrawalApproveSchema, req.body)
    const before = await withdrawal(body.withdrawalId)
    if (!before) throw new AppError('notFound')
    await approveWithdrawal(db, { withdrawalId: body.withdrawalId, actorId: a.actorId, txHash: body.txHash })
    await writeAudit(db, {
      actorId: a.actorId,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: body.withdrawalId,
      before: {
        status: before.status,
        amount: before.amount,
        fee: before.fee,
        asset: before.asset,
        userId: before.user_id,
      },
      after: { status: 'success', txHash: body.txHash },
      ip: a.ip,
    })
    return ok(null)
  })

  admin.post('/withdrawals/reject', async (req) => {
    const a = actor(req)
    const body = parse(withdrawalRejectSchema, req.body)
    const before = await withdrawal(body.withdrawalId)
    if (!before) throw new AppError('notFound')
    await rejectWithdrawal(db, { withdrawalId: body.withdrawalId, actorId: a.actorId, reason: body.reason })
    await writeAudit(db, {
      actorId: a.actorId,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: body.withdrawalId,
      before: { status: before.status, amount: before.amount, asset: before.asset, userId: before.user_id },
      after: { status: 'failed' },
      reason: body.reason,
      ip: a.ip,
    })
    return ok(null)
  })
}
