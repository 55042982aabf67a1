import type { LoanOrder, LoanProduct } from '@common/loan/schema'
import type { Db } from '../../db/db'
import type { PageQuery } from '../../db/page'
import type { LoanStatus } from '../../db/schema-loan'
import { AppError } from '../../http/errors'
import { assetPrecisions } from '../../ledger/precision'
import { type OrderRow, orderToWire, productToWire } from './model'
import { productById, productList } from './product-repo'
import { repaymentsOf } from './repayment-repo'
import { orderById, ordersPage } from './repo'

/** One loan with its product and repayments, as the wire sends it; another user's id is not found. */
export async function loadOrder(db: Db, id: string, userId: string | null, now: number) {
  const o = await orderById(db, id, userId)
  if (!o) throw new AppError('loanNotFound')
  const [product, repayments, prec] = await Promise.all([
    productById(db, o.product_id),
    repaymentsOf(db, o.id),
    assetPrecisions(db),
  ])
  return { row: o, wire: orderToWire(o, { precision: prec.get(o.coin) ?? 8, now, product, repayments }) }
}

/** Loans as the wire sends them in a list (without product and repayments). */
export async function ordersToWire(db: Db, rows: OrderRow[], now: number): Promise<LoanOrder[]> {
  const prec = await assetPrecisions(db)
  return rows.map((o) => orderToWire(o, { precision: prec.get(o.coin) ?? 8, now }))
}

/** A user's loans, one page, newest first. */
export async function myOrders(db: Db, userId: string, q: PageQuery & { status?: LoanStatus }, now: number) {
  const { rows, hasMore } = await ordersPage(db, userId, q)
  return { list: await ordersToWire(db, rows, now), hasMore }
}

/** Products as the wire sends them; `enabledOnly` for the users' list. */
export async function products(db: Db, enabledOnly: boolean): Promise<LoanProduct[]> {
  const [rows, prec] = await Promise.all([productList(db, enabledOnly), assetPrecisions(db)])
  return rows.map((p) => productToWire(p, prec.get(p.coin) ?? 8))
}
