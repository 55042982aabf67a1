import {
  LOAN_STATUSES,
  loanHolidaysSchema,
  loanIdParamsSchema,
  loanProductSaveSchema,
  loanReviewSchema,
  loanVoucherReviewSchema,
} from '@common/loan/schema'
import { normalize } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { actor } from '../../platform/staff/actor'
import {
  bookOverview,
  loanReview,
  orderQueue,
  orderReview,
  saveLoanProduct,
  setHolidays,
  voucherReview,
} from './console'
import { holidays } from './product-repo'
import { voucherQueue } from './repayment-repo'
import { products } from './views'

const listQuery = v.object({
  status: v.optional(v.picklist(LOAN_STATUSES, 'invalid_status')),
  flagged: v.optional(v.picklist(['1', 'true'])),
})
const repaymentQuery = v.object({
  status: v.optional(v.picklist(['pending', 'done', 'rejected']), 'pending'),
})

/**
 * /api/admin/loan/*: the console's loan pages. Review queue (documents, the borrower's balances
 * and loan history; approve with an amount or reject with a reason), voucher repayments to
 * confirm, the loan book (outstanding per coin, overdue list), products and the holiday table.
 * Every decision and change is audited in its own transaction (console.ts). Staff only: the
 * console gate (server/platform/staff/duties.ts) runs before every /api/admin handler.
 */
export async function loanAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  app.get('/orders', async (req) => {
    const q = parse(listQuery, req.query)
    return ok(await orderQueue(db, { status: q.status, flagged: q.flagged !== undefined }))
  })

  app.get('/order/:id', async (req) => ok(await orderReview(db, parse(loanIdParamsSchema, req.params).id)))

  const review = loanReview(deps)
  app.post('/review', async (req) => ok(await review(req, parse(loanReviewSchema, req.body))))

  app.get('/repayments', async (req) => {
    const { status } = parse(repaymentQuery, req.query)
    const rows = await voucherQueue(db, status)
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

  const voucher = voucherReview(deps)
  app.post('/repayment/review', async (req) =>
    ok(await voucher(req, parse(loanVoucherReviewSchema, req.body))),
  )

  app.get('/book', async () => ok(await bookOverview(db)))

  app.get('/products', async () => ok(await products(db, false)))

  app.post('/product/save', async (req) =>
    ok(await saveLoanProduct(db, parse(loanProductSaveSchema, req.body), actor(req))),
  )

  app.get('/holidays', async () => ok(await holidays(db)))

  app.post('/holidays', async (req) =>
    ok(await setHolidays(db, parse(loanHolidaysSchema, req.body).days, actor(req))),
  )
}
