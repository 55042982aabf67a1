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
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { precisionOrWidest } from '../../ledger/precision'
import { identityGate } from '../../platform/identity/identity-gate'
import type { ModuleDeps } from '../../platform/module-deps'
import { enabledProduct } from './product-repo'
import { loanService } from './service'
import { loadOrder, myOrders, products } from './views'

const quoteQuery = v.object({
  productId: loanIdParamsSchema.entries.id,
  amount: loanRepaySchema.entries.amount,
})

/** Loans (issue 17): the prescribed API plus the calculator, vouchers and the console's routes. */
export async function loanRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = loanService(db)
  svc.attachMarket(market)
  await svc.init()
  const auth = { preHandler: requireUser }

  app.get('/loan/products', async () => ok(await products(db, true)))

  /** The calculator: interest, total and daily rate of an amount on a product (what approval books). */
  app.get('/loan/quote', async (req) => {
    const { productId, amount } = parse(quoteQuery, req.query)
    const p = await enabledProduct(db, productId)
    if (!p) throw new AppError('loanProductNotFound')
    const dp = await precisionOrWidest(db, p.coin)
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
    return ok(await myOrders(db, me.id, parse(loanOrdersQuerySchema, req.query), svc.now()))
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
}
