import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/db'
import { updateById } from '../../db/rows'
import type { LoanRepaymentTable } from '../../db/schema-loan'
import type { Tx } from '../../ledger/ledger'
import type { RepaymentRow } from './model'

export async function insertRepayment(
  trx: Tx,
  values: Insertable<LoanRepaymentTable>,
): Promise<RepaymentRow> {
  return trx.insertInto('loan_repayment').values(values).returningAll().executeTakeFirstOrThrow()
}

/** What the loan's vouchers still waiting for an operator add up to. */
export async function pendingVoucherSum(trx: Tx, orderId: string): Promise<string> {
  const r = await trx
    .selectFrom('loan_repayment')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('s'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return r.s
}

export function lockRepayment(trx: Tx, id: string): Promise<RepaymentRow | undefined> {
  return trx.selectFrom('loan_repayment').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function updateRepayment(
  trx: Tx,
  id: string,
  set: Updateable<LoanRepaymentTable>,
): Promise<RepaymentRow> {
  return updateById(trx, 'loan_repayment', id, set)
}

/** A loan's repayments, newest first. */
export function repaymentsOf(db: Db, orderId: string): Promise<RepaymentRow[]> {
  return db
    .selectFrom('loan_repayment')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .execute()
}

/** A voucher's amount, status and coin (what confirming it would move). */
export function voucherOf(db: Tx, id: string) {
  return db
    .selectFrom('loan_repayment as r')
    .innerJoin('loan_order as o', 'o.id', 'r.order_id')
    .select(['r.amount', 'r.status', 'o.coin'])
    .where('r.id', '=', id)
    .executeTakeFirst()
}

/** The console's voucher queue of one status, newest first, with the loan's chain and the payer. */
export function voucherQueue(db: Db, status: 'pending' | 'done' | 'rejected') {
  return db
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
}

export async function pendingVoucherCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('loan_repayment')
    .select(db.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(r.n)
}
