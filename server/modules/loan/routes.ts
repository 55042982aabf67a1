import { quote } from '@common/loan/rules'
import {
  loanApplySchema,
  loanIdParamsSchema,
  loanOrdersQuerySchema,
  loanRepaySchema,
  loanVoucherSchema,
} from '@common/loan/schema'
import type { LoanMe } from '@common/loan/types'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { identityGate } from '../../platform/identity/identity-gate'
import type { ModuleDeps } from '../../platform/module-deps'
import { loanAdminRoutes } from './admin-routes'
import { orderToWire, type ProductRow, productToWire } from './model'
import { loanService } from './service'

const quoteQuery = v.object({
  productId: loanIdParamsSchema.entries.id,
  amount: loanRepaySchema.entries.amount,
})

export async function precisions(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('asset')
    .select(['code', 'precision'])
    .where('code', 'in', ['USDT', 'BTC', 'ETH'])
    .execute()
  return new Map(rows.map((r) => [r.code, r.precision]))
}

/** One loan with its product and repayments, as the wire sends it; another user's id is not found. */
export async function loadOrder(db: Db, id: string, userId: string | null, now: number) {
  let q = db.selectFrom('loan_order').selectAll().where('id', '=', id)
  if (userId) q = q.where('user_id', '=', userId)
  const o = await q.executeTakeFirst()
  if (!o) throw new AppError('loanNotFound')
  const [product, repayments, prec] = await Promise.all([
    db.selectFrom('loan_product').selectAll().where('id', '=', o.product_id).executeTakeFirst(),
    db.selectFrom('loan_repayment').selectAll().where('order_id', '=', o.id).orderBy('id', 'desc').execute(),
    precisions(db),
  ])
  return { row: o, wire: orderToWire(o, { precision: prec.get(o.coin) ?? 8, now, product, repayments }) }
}

/** Loans (issue 17): the prescribed API plus the calculator, vouchers and the console's routes. */
export async function loanRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = loanService(db)
  svc.attachMarket(market)
  await svc.init()
  const auth = { preHandler: requireUser }

  app.get('/loan/products', async () => {
    const [rows, prec] = await Promise.all([
      db
        .selectFrom('loan_product')
        .selectAll()
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute(),
      precisions(db),
    ])
    return ok(rows.map((p: ProductRow) => productToWire(p, prec.get(p.coin) ?? 8)))
  })

  /** The calculator: interest, total and daily rate of an amount on a product (what approval books). */
  app.get('/loan/quote', async (req) => {
    const { productId, amount } = parse(quoteQuery, req.query)
    const p = await db
      .selectFrom('loan_product')
      .selectAll()
      .where('id', '=', productId)
      .where('enabled', '=', true)
      .executeTakeFirst()
    if (!p) throw new AppError('loanProductNotFound')
    const dp = (await precisions(db)).get(p.coin) ?? 8
    return ok({ productId, amount, ...quote(amount, p.monthly_rate, p.term_days, dp) })
  })

  /** What applying needs of me: approved identity (always for the credit loan; all loans when `approvedRequired`). */
  app.get('/loan/me', auth, async (req) => {
    const gate = await identityGate(db, currentUser(req).id, 'loan')
    return ok<LoanMe>({ approvedRequired: gate.approvedRequired, identity: gate.state })
  })

  app.post('/loan/apply', auth, async (req) => {
    const me = currentUser(req)
    const row = await svc.apply(me.id, parse(loanApplySchema, req.body))
    return ok((await loadOrder(db, String(row.id), me.id, svc.now())).wire)
  })

  app.get('/loan/orders', auth, async (req) => {
    const me = currentUser(req)
    const { status, page, size } = parse(loanOrdersQuerySchema, req.query)
    let q = db.selectFrom('loan_order').selectAll().where('user_id', '=', me.id)
    if (status) q = q.where('status', '=', status)
    const rows = await q
      .orderBy('id', 'desc')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    const prec = await precisions(db)
    const now = svc.now()
    return ok({
      list: rows.slice(0, size).map((o) => orderToWire(o, { precision: prec.get(o.coin) ?? 8, now })),
      hasMore: rows.length > size,
    })
  })

  app.get('/loan/order/:id', auth, async (req) => {
    const { id } = parse(loanIdParamsSchema, req.params)
    return ok((await loadOrder(db, id, currentUser(req).id, svc.now())).wire)
  })

  app.post('/loan/repay', auth, async (req) => {
    const me = currentUser(req)
    const { id, amount } = parse(loanRepaySchema, req.body)
    await svc.repay(me.id, id, amount)
    return ok((await loadOrder(db, id, me.id, svc.now())).wire)
  })

  app.post('/loan/repay/voucher', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(loanVoucherSchema, req.body)
    await svc.submitVoucher(me.id, body)
    return ok((await loadOrder(db, body.id, me.id, svc.now())).wire)
  })

  await app.register(loanAdminRoutes, { ...deps, prefix: '/admin/loan' })
}
