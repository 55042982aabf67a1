import { isLoanCoin } from '@common/loan/rules'
import {
  LOAN_STATUSES,
  loanHolidaysSchema,
  loanIdParamsSchema,
  loanProductSaveSchema,
  loanReviewSchema,
  loanVoucherReviewSchema,
} from '@common/loan/schema'
import { add, gt, isZero, normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { currentUser, requireStaff } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { readBalances } from '../../ledger/ledger'
import { checkAssetAmount, checkThresholds } from '../../ledger/precision'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import { writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/four-eyes'
import { assertStaffReady } from '../../platform/staff/staff'
import { leftOf, OPEN_STATUSES, orderToWire, productToWire } from './model'
import { loadOrder, precisions } from './routes'
import { loanService } from './service'

const listQuery = v.object({
  status: v.optional(v.picklist(LOAN_STATUSES, 'invalid_status')),
  flagged: v.optional(v.picklist(['1', 'true'])),
})
const repaymentQuery = v.object({
  status: v.optional(v.picklist(['pending', 'done', 'rejected']), 'pending'),
})

/**
 * /api/admin/loan/*: the console's loan pages behind the staff guard. Review queue (documents, the
 * borrower's balances and loan history; approve with an amount or reject with a reason), voucher
 * repayments to confirm, the loan book (outstanding per coin, overdue list), products and the
 * holiday table. Every decision and change is audited in its own transaction.
 */
export async function loanAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const svc = loanService(db)
  app.addHook('preHandler', requireStaff)
  app.addHook('preHandler', async (req) => {
    await assertStaffReady(db, currentUser(req).id)
  })

  app.get('/orders', async (req) => {
    const q = parse(listQuery, req.query)
    let sel = db
      .selectFrom('loan_order as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .selectAll('o')
      .select(['u.email', 'u.phone', 'u.nickname', 'u.uid'])
    if (q.status) sel = sel.where('o.status', '=', q.status)
    if (q.flagged) sel = sel.where('o.flagged', '=', true)
    const rows = await sel
      .orderBy('o.id', q.status === 'reviewing' ? 'asc' : 'desc')
      .limit(200)
      .execute()
    const prec = await precisions(db)
    const now = svc.now()
    return ok(
      rows.map((r) => ({
        ...orderToWire(r, { precision: prec.get(r.coin) ?? 8, now }),
        user: { id: r.user_id, uid: r.uid, email: r.email, phone: r.phone, nickname: r.nickname },
      })),
    )
  })

  /** One application with what a reviewer needs: documents, identity, balances, loan history. */
  app.get('/order/:id', async (req) => {
    const { id } = parse(loanIdParamsSchema, req.params)
    const { row, wire } = await loadOrder(db, id, null, svc.now())
    const [user, identity, balances, history] = await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'uid', 'email', 'phone', 'nickname', 'status', 'created_at'])
        .where('id', '=', row.user_id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('identity')
        .select(['real_name', 'nationality', 'advanced_status'])
        .where('user_id', '=', row.user_id)
        .executeTakeFirst(),
      readBalances(db, row.user_id),
      db
        .selectFrom('loan_order')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .where('id', '<>', row.id)
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),
    ])
    const prec = await precisions(db)
    return ok({
      order: wire,
      proofs: ((row.proofs as string[]) ?? []).map((u) => ({ id: u, url: `upload/${u}` })),
      user: { ...user, createdAt: toMillisOrNull(user.created_at) },
      identity: identity
        ? {
            realName: identity.real_name,
            nationality: identity.nationality,
            advanced: identity.advanced_status,
          }
        : null,
      balances: balances
        .filter((b) => gt(add(b.available, b.frozen), '0'))
        .map((b) => ({ account: b.account, asset: b.asset, available: b.available, frozen: b.frozen })),
      history: history.map((o) => orderToWire(o, { precision: prec.get(o.coin) ?? 8, now: svc.now() })),
    })
  })

  // Approving a loan moves money: above the four-eyes limit a second staff member approves it
  // (server/platform/staff/duties.ts). Never on one's own loan (1705).
  const review = fourEyes(deps, {
    kind: 'loan.review',
    caseType: 'loan',
    caseId: (b: v.InferOutput<typeof loanReviewSchema>) => b.id,
    moves: async (d, b) => {
      if (b.decision !== 'approve') return null
      const o = await d
        .selectFrom('loan_order')
        .select(['coin', 'status', 'expected_amount'])
        .where('id', '=', b.id)
        .executeTakeFirst()
      // An amount the approval would refuse is not proposed: the approval answers with its code.
      if (o?.status !== 'reviewing' || isZero(b.amount) || gt(b.amount, o.expected_amount)) return null
      await checkAssetAmount(d, o.coin, b.amount)
      return { asset: o.coin, amount: b.amount }
    },
    run: async (ctx, body) => {
      await db.transaction().execute(async (trx) => {
        const { before, after } =
          body.decision === 'approve'
            ? await svc.approve(trx, body.id, body.amount, ctx.actorId)
            : await svc.reject(trx, body.id, body.reason, ctx.actorId)
        await ctx.audit(trx, {
          action: `loan.${body.decision}`,
          targetType: 'loan',
          targetId: body.id,
          before: { status: before.status, expected: before.expected_amount },
          after: { status: after.status, amount: after.amount, dueDay: after.due_day },
          reason: body.reason ?? '',
        })
      })
      return (await loadOrder(db, body.id, null, svc.now())).wire
    },
  })
  app.post('/review', async (req) => ok(await review(req, parse(loanReviewSchema, req.body))))

  app.get('/repayments', async (req) => {
    const { status } = parse(repaymentQuery, req.query)
    const rows = await db
      .selectFrom('loan_repayment as r')
      .innerJoin('loan_order as o', 'o.id', 'r.order_id')
      .innerJoin('loan_product as p', 'p.id', 'o.product_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.id',
        'r.order_id',
        'r.amount',
        'r.status',
        'r.tx_hash',
        'r.voucher_upload_id',
        'r.created_at',
        'r.reject_reason',
        'o.coin',
        'p.repay_chain',
        'p.repay_address',
        'u.email',
        'u.phone',
        'u.uid',
      ])
      .where('r.method', '=', 'voucher')
      .where('r.status', '=', status)
      .orderBy('r.id', 'desc')
      .limit(200)
      .execute()
    return ok(
      rows.map((r) => ({
        id: String(r.id),
        orderId: String(r.order_id),
        coin: r.coin,
        amount: normalize(r.amount),
        status: r.status,
        txHash: r.tx_hash,
        voucherUrl: r.voucher_upload_id ? `upload/${r.voucher_upload_id}` : null,
        chain: r.repay_chain,
        address: r.repay_address,
        rejectReason: r.reject_reason,
        user: { uid: r.uid, email: r.email, phone: r.phone },
        at: toMillisOrNull(r.created_at),
      })),
    )
  })

  // Confirming a repayment voucher books money against the loan: four-eyes above the limit.
  const voucher = fourEyes(deps, {
    kind: 'loan.voucher',
    caseType: 'loan_repayment',
    caseId: (b: v.InferOutput<typeof loanVoucherReviewSchema>) => b.id,
    moves: async (d, b) => {
      if (b.decision !== 'confirm') return null
      const r = await d
        .selectFrom('loan_repayment as r')
        .innerJoin('loan_order as o', 'o.id', 'r.order_id')
        .select(['r.amount', 'r.status', 'o.coin'])
        .where('r.id', '=', b.id)
        .executeTakeFirst()
      return r?.status === 'pending' ? { asset: r.coin, amount: normalize(r.amount) } : null
    },
    run: async (ctx, body) => {
      const reason = body.decision === 'reject' ? body.reason : ''
      const after = await db.transaction().execute(async (trx) => {
        const r = await svc.decideVoucher(trx, body.id, body.decision, ctx.actorId, reason)
        await ctx.audit(trx, {
          action: `loan.voucher_${body.decision}`,
          targetType: 'loan_repayment',
          targetId: body.id,
          before: { status: r.before.status, amount: r.before.amount, order: r.before.order_id },
          after: { status: r.after.status },
          reason,
        })
        return r.after
      })
      return (await loadOrder(db, String(after.order_id), null, svc.now())).wire
    },
  })
  app.post('/repayment/review', async (req) =>
    ok(await voucher(req, parse(loanVoucherReviewSchema, req.body))),
  )

  /** The loan book: what it holds and what is lent out per coin, and the overdue (extended or unpaid) loans. */
  app.get('/book', async () => {
    const open = await db
      .selectFrom('loan_order')
      .selectAll()
      .where('status', 'in', [...OPEN_STATUSES])
      .orderBy('id')
      .execute()
    const prec = await precisions(db)
    const now = svc.now()
    const coins = ['USDT', 'BTC', 'ETH']
    const book = await Promise.all(
      coins.map(async (coin) => {
        const [b] = await readBalances(db, 'system', { account: 'loan_book', asset: coin })
        const mine = open.filter((o) => o.coin === coin)
        const dp = prec.get(coin) ?? 8
        return {
          coin,
          balance: b?.available ?? '0',
          loans: mine.length,
          principal: mine.reduce((a, o) => add(a, normalize(o.amount ?? '0')), '0'),
          outstanding: mine.reduce((a, o) => add(a, leftOf(o, dp, now)), '0'),
        }
      }),
    )
    const overdue = open
      .filter((o) => o.status === 'unpaid' || o.extended_due_at !== null)
      .map((o) => orderToWire(o, { precision: prec.get(o.coin) ?? 8, now }))
    const counts = await db
      .selectFrom('loan_order')
      .select(['status', db.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute()
    const pendingVouchers = await db
      .selectFrom('loan_repayment')
      .select(db.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
    return ok({
      book,
      overdue,
      counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
      pendingVouchers: Number(pendingVouchers.n),
    })
  })

  app.get('/products', async () => {
    const rows = await db.selectFrom('loan_product').selectAll().orderBy('sort').orderBy('id').execute()
    const prec = await precisions(db)
    return ok(rows.map((p) => productToWire(p, prec.get(p.coin) ?? 8)))
  })

  app.post('/product/save', async (req) => {
    const b = parse(loanProductSaveSchema, req.body)
    if (!isLoanCoin(b.coin) || gt(b.minAmount, b.maxAmount) || gt(b.monthlyRate, '1'))
      throw new AppError('loanInvalidProduct')
    await checkThresholds(db, b.coin, { minAmount: b.minAmount, maxAmount: b.maxAmount }, 'coin')
    const values = {
      coin: b.coin,
      term_days: b.termDays,
      monthly_rate: b.monthlyRate,
      institution: b.institution,
      min_amount: b.minAmount,
      max_amount: b.maxAmount,
      credit: b.credit,
      enabled: b.enabled,
      repay_chain: b.repayChain || null,
      repay_address: b.repayAddress || null,
      updated_at: new Date(),
    }
    const saved = await db.transaction().execute(async (trx) => {
      const before = b.id
        ? await trx.selectFrom('loan_product').selectAll().where('id', '=', b.id).executeTakeFirst()
        : undefined
      if (b.id && !before) throw new AppError('loanProductNotFound')
      const after = b.id
        ? await trx
            .updateTable('loan_product')
            .set(values)
            .where('id', '=', b.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('loan_product')
            .values({ ...values, sort: 100 })
            .returningAll()
            .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...actor(req),
        action: b.id ? 'loan.product_update' : 'loan.product_create',
        targetType: 'loan_product',
        targetId: String(after.id),
        before,
        after,
        reason: b.reason,
      })
      return after
    })
    return ok(productToWire(saved, (await precisions(db)).get(saved.coin) ?? 8))
  })

  app.get('/holidays', async () =>
    ok(await db.selectFrom('loan_holiday').selectAll().orderBy('day').execute()),
  )

  /** Replaces the holiday table (due dates computed from now on use it; booked due dates stay). */
  app.post('/holidays', async (req) => {
    const { days } = parse(loanHolidaysSchema, req.body)
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('loan_holiday').selectAll().orderBy('day').execute()
      await trx.deleteFrom('loan_holiday').execute()
      const uniq = [...new Map(days.map((d) => [d.day, d])).values()]
      if (uniq.length)
        await trx
          .insertInto('loan_holiday')
          .values(uniq.map((d) => ({ day: d.day, name: d.name })))
          .execute()
      await writeAudit(trx, {
        ...actor(req),
        action: 'loan.holidays',
        targetType: 'loan_holiday',
        targetId: '*',
        before,
        after: uniq,
      })
    })
    return ok(await db.selectFrom('loan_holiday').selectAll().orderBy('day').execute())
  })
}
