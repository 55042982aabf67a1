import { dueDay, endOfDay, termInterest } from '@common/loan/rules'
import { gt, isZero, lt, normalize } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { lockBalances, move, postEntry, type Tx } from '../../ledger/ledger'
import { checkDecimals } from '../../ledger/precision'
import type { LoanDesk } from './desk'
import { fundingOf, loanBook, type OrderRow } from './model'
import { updateOrder } from './repo'

type Decision = { before: OrderRow; after: OrderRow }

/** Approves (possibly a lower amount) and pays out from the loan book in the same transaction. */
export async function approveLoan(
  svc: LoanDesk,
  trx: Tx,
  id: string,
  amount: string,
  reviewerId: string,
): Promise<Decision> {
  const o = await svc.lockBorrowerAndOrder(trx, id)
  if (o.status !== 'reviewing') throw new AppError('loanDecided')
  const dp = await svc.precision(o.coin, trx)
  checkDecimals(amount, dp, 'amount', o.coin)
  if (isZero(amount) || gt(amount, o.expected_amount)) throw new AppError('loanApproveAmount')
  const usd = svc.usdValue(o.coin, amount)
  const book = (await lockBalances(trx, [loanBook(o.coin)])).values().next().value
  if (!book || lt(book.available, amount)) throw new AppError('loanBookShort')
  const now = svc.now()
  const day = dueDay(now, o.term_days, await svc.holidays(trx))
  await postEntry(trx, {
    reason: 'loan_payout',
    refType: 'loan',
    refId: String(o.id),
    actorId: reviewerId,
    postings: move(loanBook(o.coin), fundingOf(o.user_id, o.coin), amount),
  })
  const after = await updateOrder(trx, o.id, {
    amount,
    interest: termInterest(amount, normalize(o.monthly_rate), o.term_days, dp),
    usd_value: usd,
    status: 'repaying',
    reviewer_id: reviewerId,
    reviewed_at: new Date(now),
    paid_at: new Date(now),
    due_day: day,
    due_at: new Date(endOfDay(day)),
    updated_at: new Date(now),
  })
  return { before: o, after }
}

export async function rejectLoan(
  svc: LoanDesk,
  trx: Tx,
  id: string,
  reason: string,
  reviewerId: string,
): Promise<Decision> {
  const o = await svc.lockOrder(trx, id)
  if (o.status !== 'reviewing') throw new AppError('loanDecided')
  const now = new Date(svc.now())
  const after = await updateOrder(trx, o.id, {
    status: 'rejected',
    reject_reason: reason,
    reviewer_id: reviewerId,
    reviewed_at: now,
    updated_at: now,
  })
  return { before: o, after }
}
