import { splitRepayment } from '@common/loan/rules'
import { add, gt, gte, isZero, normalize, sub } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { move, postEntry, type Tx } from '../../ledger/ledger'
import { checkDecimals } from '../../ledger/precision'
import { ownUploadCount } from '../../platform/content/uploads'
import type { LoanDesk } from './desk'
import { fundingOf, leftOf, loanBook, OPEN_STATUSES, type OrderRow } from './model'
import { productById } from './product-repo'
import { insertRepayment, lockRepayment, pendingVoucherSum, updateRepayment } from './repayment-repo'
import { updateOrder } from './repo'

const isOpen = (o: OrderRow) => (OPEN_STATUSES as readonly string[]).includes(o.status)

/**
 * Books a repayment into the loan book (penalty first, then interest and principal) and
 * settles the loan when nothing is left. `from` is the borrower's funding account, or the
 * deposit clearing account for a confirmed on-chain payment.
 */
async function book(
  svc: LoanDesk,
  trx: Tx,
  o: OrderRow,
  amount: string,
  from: 'funding' | 'chain',
  actorId: string,
): Promise<OrderRow> {
  const dp = await svc.precision(o.coin, trx)
  const now = svc.now()
  const left = leftOf(o, dp, now)
  if (gt(amount, left)) throw new AppError('loanRepayTooMuch', { data: { left } })
  const source =
    from === 'funding'
      ? fundingOf(o.user_id, o.coin)
      : { holder: 'system', account: 'deposit_clearing', asset: o.coin }
  const split = splitRepayment(amount, sub(normalize(o.penalty), normalize(o.penalty_repaid)))
  for (const [reason, part] of [
    ['loan_penalty', split.penalty],
    ['loan_repay', split.rest],
  ] as const)
    if (!isZero(part))
      await postEntry(trx, {
        reason,
        refType: 'loan',
        refId: String(o.id),
        actorId,
        postings: move(source, loanBook(o.coin), part),
      })
  const settled = gte(amount, left)
  return updateOrder(trx, o.id, {
    repaid: add(normalize(o.repaid), amount),
    penalty_repaid: add(normalize(o.penalty_repaid), split.penalty),
    ...(settled ? { status: 'repaid' as const, repaid_at: new Date(now), flagged: false } : {}),
    updated_at: new Date(now),
  })
}

/** Repays from the borrower's funding account, booked at once. */
export async function repayFromFunding(svc: LoanDesk, userId: string, id: string, amount: string) {
  return svc.db.transaction().execute(async (trx) => {
    const o = await svc.lockBorrowerAndOrder(trx, id, userId)
    if (!isOpen(o)) throw new AppError('loanNotRepaying')
    checkDecimals(amount, await svc.precision(o.coin, trx), 'amount', o.coin)
    const after = await book(svc, trx, o, amount, 'funding', userId)
    await insertRepayment(trx, {
      order_id: o.id,
      user_id: userId,
      method: 'balance',
      amount,
      status: 'done',
      reviewed_at: new Date(svc.now()),
    })
    return after
  })
}

/** An on-chain repayment the user proves with a voucher: pending until an operator confirms. */
export async function submitVoucher(
  svc: LoanDesk,
  userId: string,
  input: { id: string; amount: string; voucher: string; txHash?: string },
) {
  return svc.db.transaction().execute(async (trx) => {
    const o = await svc.lockOrder(trx, input.id, userId)
    if (!isOpen(o)) throw new AppError('loanNotRepaying')
    const p = await productById(trx, o.product_id)
    if (!p?.repay_address) throw new AppError('loanVoucherUnavailable')
    const dp = await svc.precision(o.coin, trx)
    checkDecimals(input.amount, dp, 'amount', o.coin)
    const left = sub(leftOf(o, dp, svc.now()), normalize(await pendingVoucherSum(trx, o.id)))
    if (gt(input.amount, left)) throw new AppError('loanRepayTooMuch', { data: { left } })
    if ((await ownUploadCount(trx, [input.voucher], userId)) !== 1) throw new AppError('uploadInvalid')
    return insertRepayment(trx, {
      order_id: o.id,
      user_id: userId,
      method: 'voucher',
      amount: input.amount,
      status: 'pending',
      voucher_upload_id: input.voucher,
      tx_hash: input.txHash || null,
    })
  })
}

/** The operator's decision on a voucher: confirm books it (from the outside world), reject records why. */
export async function decideVoucher(
  svc: LoanDesk,
  trx: Tx,
  repaymentId: string,
  decision: 'confirm' | 'reject',
  reviewerId: string,
  reason = '',
) {
  const r = await lockRepayment(trx, repaymentId)
  if (!r) throw new AppError('notFound')
  if (r.status !== 'pending') throw new AppError('loanRepaymentDecided')
  const now = new Date(svc.now())
  if (decision === 'confirm') {
    const o = await svc.lockOrder(trx, r.order_id)
    if (!isOpen(o)) throw new AppError('loanNotRepaying')
    await book(svc, trx, o, normalize(r.amount), 'chain', reviewerId)
  }
  const after = await updateRepayment(trx, r.id, {
    status: decision === 'confirm' ? 'done' : 'rejected',
    reject_reason: decision === 'reject' ? reason : null,
    reviewer_id: reviewerId,
    reviewed_at: now,
  })
  return { before: r, after }
}
