import { isLoanCoin } from '@common/loan/rules'
import type { loanProductSaveSchema, loanReviewSchema, loanVoucherReviewSchema } from '@common/loan/schema'
import { add, gt, isZero, normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type * as v from 'valibot'
import type { Db } from '../../db/db'
import type { LoanStatus } from '../../db/schema-loan'
import { AppError } from '../../http/errors'
import { readBalances } from '../../ledger/ledger'
import { assetPrecisions, checkAssetAmount, checkThresholds } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import { writeAudit } from '../../platform/staff/audit'
import { fourEyes } from '../../platform/staff/four-eyes'
import { leftOf, orderToWire, productToWire } from './model'
import { holidays, productById, replaceHolidays, saveProduct } from './product-repo'
import { pendingVoucherCount, voucherOf } from './repayment-repo'
import { applicationOf, borrower, consoleOrders, openOrders, otherOrders, statusCounts } from './repo'
import { loanService } from './service'
import { loadOrder, ordersToWire } from './views'

type Actor = { actorId: string; ip: string }
const LOAN_COINS = ['USDT', 'BTC', 'ETH']

/** The console's loan list, with the borrower of each. */
export async function orderQueue(db: Db, q: { status?: LoanStatus; flagged?: boolean }) {
  const rows = await consoleOrders(db, q)
  const prec = await assetPrecisions(db)
  const now = loanService(db).now()
  return rows.map((r) => ({
    ...orderToWire(r, { precision: prec.get(r.coin) ?? 8, now }),
    user: { id: r.user_id, uid: r.uid, email: r.email, phone: r.phone, nickname: r.nickname },
  }))
}

/** One application with what a reviewer needs: documents, identity, balances, loan history. */
export async function orderReview(db: Db, id: string) {
  const svc = loanService(db)
  const { row, wire } = await loadOrder(db, id, null, svc.now())
  const [{ user, identity }, balances, history] = await Promise.all([
    borrower(db, row.user_id),
    readBalances(db, row.user_id),
    otherOrders(db, row.user_id, row.id),
  ])
  return {
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
    history: await ordersToWire(db, history, svc.now()),
  }
}

/**
 * Approving a loan moves money: above the four-eyes limit a second staff member approves it
 * (server/platform/staff/four-eyes.ts). Never on one's own loan (1705).
 */
export function loanReview(deps: { db: Db; market?: MarketData }) {
  const { db } = deps
  const svc = loanService(db)
  return fourEyes(deps, {
    kind: 'loan.review',
    caseType: 'loan',
    caseId: (b: v.InferOutput<typeof loanReviewSchema>) => b.id,
    moves: async (d, b) => {
      if (b.decision !== 'approve') return null
      const o = await applicationOf(d, b.id)
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
}

/** Confirming a repayment voucher books money against the loan: four-eyes above the limit. */
export function voucherReview(deps: { db: Db; market?: MarketData }) {
  const { db } = deps
  const svc = loanService(db)
  return fourEyes(deps, {
    kind: 'loan.voucher',
    caseType: 'loan_repayment',
    caseId: (b: v.InferOutput<typeof loanVoucherReviewSchema>) => b.id,
    moves: async (d, b) => {
      if (b.decision !== 'confirm') return null
      const r = await voucherOf(d, b.id)
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
}

/** The loan book: what it holds and what is lent out per coin, and the overdue (extended or unpaid) loans. */
export async function bookOverview(db: Db) {
  const open = await openOrders(db)
  const prec = await assetPrecisions(db)
  const now = loanService(db).now()
  const book = await Promise.all(
    LOAN_COINS.map(async (coin) => {
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
  return { book, overdue, counts: await statusCounts(db), pendingVouchers: await pendingVoucherCount(db) }
}

/** Creates or changes a product, audited. */
export async function saveLoanProduct(db: Db, b: v.InferOutput<typeof loanProductSaveSchema>, by: Actor) {
  if (!isLoanCoin(b.coin) || gt(b.minAmount, b.maxAmount) || gt(b.monthlyRate, '1'))
    throw new AppError('loanInvalidProduct')
  await checkThresholds(db, b.coin, { minAmount: b.minAmount, maxAmount: b.maxAmount }, 'coin')
  const saved = await db.transaction().execute(async (trx) => {
    const before = b.id ? await productById(trx, b.id) : undefined
    if (b.id && !before) throw new AppError('loanProductNotFound')
    const after = await saveProduct(trx, b.id, {
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
    })
    await writeAudit(trx, {
      ...by,
      action: b.id ? 'loan.product_update' : 'loan.product_create',
      targetType: 'loan_product',
      targetId: String(after.id),
      before,
      after,
      reason: b.reason,
    })
    return after
  })
  return productToWire(saved, (await assetPrecisions(db)).get(saved.coin) ?? 8)
}

/** Replaces the holiday table (due dates computed from now on use it; booked due dates stay), audited. */
export async function setHolidays(db: Db, days: { day: string; name: string }[], by: Actor) {
  await db.transaction().execute(async (trx) => {
    const before = await holidays(trx)
    const uniq = [...new Map(days.map((d) => [d.day, d])).values()]
    await replaceHolidays(
      trx,
      uniq.map((d) => ({ day: d.day, name: d.name })),
    )
    await writeAudit(trx, {
      ...by,
      action: 'loan.holidays',
      targetType: 'loan_holiday',
      targetId: '*',
      before,
      after: uniq,
    })
  })
  return holidays(db)
}
