import {
  depositCreditSchema,
  depositListSchema,
  depositRejectSchema,
  withdrawalApproveSchema,
  withdrawalChainApproveSchema,
  withdrawalListSchema,
  withdrawalRejectSchema,
} from '@common/admin/schema'
import { depositChannelSaveSchema } from '@common/assets/schema'
import { normalize } from '@common/money/decimal'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { checkAssetAmount } from '../../ledger/precision'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { type AuditInput, writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/four-eyes'
import { chainAdminRoutes } from './chain/admin-routes'
import { approveForChain } from './chain/approve'
import { channelList, setChannel } from './deposits'
import { owners, reviewMove, statusCounts } from './repo'
import {
  approveWithdrawal,
  creditDeposit,
  type DepositRow,
  listDeposits,
  listWithdrawals,
  type ReviewAudit,
  rejectDeposit,
  rejectWithdrawal,
  type WithdrawalRow,
} from './review'

/** A queue page with the counts per status and who asked for each row. */
async function queuePage<T extends { userId: string }>(
  db: Db,
  table: 'deposit' | 'withdrawal',
  page: { list: T[]; hasMore: boolean },
) {
  const who = await owners(
    db,
    page.list.map((x) => x.userId),
  )
  return {
    counts: await statusCounts(db, table),
    hasMore: page.hasMore,
    list: page.list.map((x) => ({ ...x, user: who.get(x.userId) ?? null })),
  }
}

const depositBefore = (d: DepositRow | WithdrawalRow) => ({
  status: d.status,
  amount: normalize(d.amount),
  asset: d.asset,
  userId: d.user_id,
})
const withdrawalBefore = (w: WithdrawalRow) => ({ ...depositBefore(w), fee: normalize(w.fee) })
const withdrawalRejectBefore = (w: WithdrawalRow) => depositBefore(w)

/** What paying a withdrawal moves, while it is still pending (the four-eyes limit weighs it). */
async function pendingWithdrawalMove(d: Db, b: { withdrawalId: string }) {
  const row = await reviewMove(d, 'withdrawal', b.withdrawalId)
  return row?.status === 'pending' ? { asset: row.asset, amount: normalize(row.amount) } : null
}

type AuditWriter = (trx: Db, a: Omit<AuditInput, 'actorId' | 'ip'>) => Promise<void>

/**
 * The audit row of one decision, written by the review function inside its own transaction: if the
 * insert fails, the decision (and its ledger entry) is rolled back with it.
 */
function reviewAudit<Row extends { id: string }>(
  write: AuditWriter,
  action: string,
  targetType: 'deposit' | 'withdrawal',
  before: (row: Row) => Record<string, unknown>,
  reason?: string,
): ReviewAudit<Row> {
  return (trx, change) =>
    write(trx, {
      action,
      targetType,
      targetId: change.before.id,
      before: before(change.before),
      after: change.after,
      reason,
    })
}

/** The same, by the staff member of the request. */
function audited<Row extends { id: string }>(
  req: FastifyRequest,
  action: string,
  targetType: 'deposit' | 'withdrawal',
  before: (row: Row) => Record<string, unknown>,
  reason?: string,
): ReviewAudit<Row> {
  const a = actor(req)
  const write: AuditWriter = (trx, x) => writeAudit(trx, { ...x, actorId: a.actorId, ip: a.ip })
  return reviewAudit(write, action, targetType, before, reason)
}

/**
 * The console's deposit and withdrawal queues (/api/admin/deposits/*, /api/admin/withdrawals/*)
 * on the review functions (review.ts), and the deposit channels, behind the console gate
 * (platform/staff/duties.ts). Each decision is written to the audit log, in the decision's
 * transaction, with the row's state before and after.
 */
export async function assetsAdminRoutes(admin: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  admin.get('/deposits/list', async (req) => {
    const q = parse(depositListSchema, req.query)
    const page = await queuePage(db, 'deposit', await listDeposits(db, q))
    return ok({
      ...page,
      list: page.list.map((d) => ({
        ...d,
        voucher: d.voucherUploadId ? `upload/${d.voucherUploadId}` : null,
      })),
    })
  })

  admin.get('/withdrawals/list', async (req) => {
    const q = parse(withdrawalListSchema, req.query)
    return ok(await queuePage(db, 'withdrawal', await listWithdrawals(db, q)))
  })

  /** One decision: validated body, the review function with its audit row in the same transaction. */
  function decide<S extends v.GenericSchema, Row extends { id: string }>(
    path: string,
    schema: S,
    action: string,
    targetType: 'deposit' | 'withdrawal',
    before: (row: Row) => Record<string, unknown>,
    run: (body: v.InferOutput<S>, actorId: string, audit: ReviewAudit<Row>) => Promise<void>,
  ) {
    admin.post(path, async (req) => {
      const body = parse(schema, req.body)
      const reason = (body as { reason?: string }).reason
      await run(body, actor(req).actorId, audited(req, action, targetType, before, reason))
      return ok(null)
    })
  }

  // Crediting a deposit and paying a withdrawal move money: above the four-eyes limit a second
  // staff member approves them (server/platform/staff/duties.ts).
  const credit = fourEyes(deps, {
    kind: 'deposit.credit',
    caseType: 'deposit',
    caseId: (b: v.InferOutput<typeof depositCreditSchema>) => b.depositId,
    moves: async (d, b) => {
      const row = await reviewMove(d, 'deposit', b.depositId)
      if (row?.status !== 'pending') return null
      if (b.amount !== undefined) await checkAssetAmount(d, row.asset, b.amount)
      return { asset: row.asset, amount: b.amount ?? normalize(row.amount) }
    },
    run: (ctx, b) =>
      creditDeposit(db, {
        ...b,
        actorId: ctx.actorId,
        audit: reviewAudit(ctx.audit, 'deposit.credit', 'deposit', depositBefore),
      }).then(() => null),
  })
  admin.post('/deposits/credit', async (req) => ok(await credit(req, parse(depositCreditSchema, req.body))))

  decide(
    '/deposits/reject',
    depositRejectSchema,
    'deposit.reject',
    'deposit',
    depositBefore,
    (b, by, audit) => rejectDeposit(db, { ...b, actorId: by, audit }),
  )
  const pay = fourEyes(deps, {
    kind: 'withdrawal.approve',
    caseType: 'withdrawal',
    caseId: (b: v.InferOutput<typeof withdrawalApproveSchema>) => b.withdrawalId,
    moves: pendingWithdrawalMove,
    run: (ctx, b) =>
      approveWithdrawal(db, {
        ...b,
        actorId: ctx.actorId,
        audit: reviewAudit(ctx.audit, 'withdrawal.approve', 'withdrawal', withdrawalBefore),
      }).then(() => null),
  })
  admin.post('/withdrawals/approve', async (req) =>
    ok(await pay(req, parse(withdrawalApproveSchema, req.body))),
  )
  // A watched chain: approved for the hot wallet, whose signer pays it (chain/payouts.ts).
  const payByChain = fourEyes(deps, {
    kind: 'withdrawal.approve_chain',
    caseType: 'withdrawal',
    caseId: (b: v.InferOutput<typeof withdrawalChainApproveSchema>) => b.withdrawalId,
    moves: pendingWithdrawalMove,
    run: (ctx, b) =>
      approveForChain(db, deps.config.chains, {
        ...b,
        audit: reviewAudit(ctx.audit, 'withdrawal.approve_chain', 'withdrawal', withdrawalBefore),
      }).then(() => null),
  })
  admin.post('/withdrawals/approve-chain', async (req) =>
    ok(await payByChain(req, parse(withdrawalChainApproveSchema, req.body))),
  )

  decide(
    '/withdrawals/reject',
    withdrawalRejectSchema,
    'withdrawal.reject',
    'withdrawal',
    withdrawalRejectBefore,
    (b, by, audit) => rejectWithdrawal(db, { ...b, actorId: by, audit }),
  )

  await chainAdminRoutes(admin, deps)

  // The platform's deposit addresses: every coin/chain pair, set or not; each save audited.
  admin.get('/deposit-channels', async () => ok(await channelList(db)))
  admin.post('/deposit-channels/save', async (req) => {
    await setChannel(db, parse(depositChannelSaveSchema, req.body), actor(req))
    return ok(null)
  })
}
