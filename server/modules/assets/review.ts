import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { neg, normalize, sub } from '@common/money/decimal'
import { isAmount } from '@common/validate/validators'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { fromDepositClearing, postEntry, unfreeze } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import { feed, ms } from './context'
import {
  type DepositRow,
  lockReviewRow,
  reviewPage,
  updateDeposit,
  updateWithdrawal,
  type WithdrawalRow,
} from './repo'

/**
 * Review actions of the operator console on deposits and withdrawals. Each runs in one
 * transaction with the row locked; acting on a row that is no longer pending is refused (1505),
 * so a double click or two operators at once cannot credit or pay twice.
 *
 * The optional `audit` callback runs inside that same transaction, after the change, with the row as
 * it was (locked) and the state written; if it fails (e.g. the audit insert), the balance change and
 * the status change are rolled back with it, so no decision exists without its audit row.
 */

export type { DepositRow, WithdrawalRow }

/** Records a decision inside the review's transaction (see above). */
export type ReviewAudit<Row> = (
  trx: Db,
  change: { before: Row; after: Record<string, unknown> },
) => Promise<void>

/** The row, locked; a row that is no longer pending is refused (1505). */
async function lockPending<T extends 'deposit' | 'withdrawal'>(trx: Db, table: T, id: string) {
  const row = await lockReviewRow(trx, table, id)
  if (!row) throw new AppError('notFound')
  if (row.status !== 'pending') throw new AppError('reviewDone', { data: { status: row.status } })
  return row
}

function requireReason(reason: string): string {
  const r = reason.trim()
  if (r.length === 0 || r.length > 200)
    throw new AppError('invalidField', {
      msg: 'Invalid value for reason',
      data: { field: 'reason', reason: 'invalid_reason' },
    })
  return r
}

/** pending -> credited: deposit_clearing pays the user's funding account (reason 'recharge'). */
export async function creditDeposit(
  db: Db,
  input: { depositId: string; actorId: string; amount?: string; audit?: ReviewAudit<DepositRow> },
): Promise<void> {
  if (input.amount !== undefined && !isAmount(input.amount))
    throw new AppError('invalidField', {
      msg: 'Invalid value for amount',
      data: { field: 'amount', reason: 'invalid_amount' },
    })
  await db.transaction().execute(async (trx) => {
    const d = await lockPending(trx, 'deposit', input.depositId)
    if (input.amount !== undefined) await checkAssetAmount(trx, d.asset, input.amount)
    const amount = normalize(input.amount ?? d.amount)
    await postEntry(trx, {
      reason: 'recharge',
      refType: 'deposit',
      refId: d.id,
      actorId: input.actorId,
      postings: fromDepositClearing({ holder: d.user_id, account: 'funding', asset: d.asset }, amount),
    })
    await updateDeposit(trx, d.id, {
      status: 'credited',
      credited_amount: amount,
      reviewed_at: new Date(),
      reviewer_id: input.actorId,
    })
    await input.audit?.(trx, { before: d, after: { status: 'credited', creditedAmount: amount } })
  })
}

/** pending -> rejected; the reason is shown to the user. Nothing was credited, so nothing moves. */
export async function rejectDeposit(
  db: Db,
  input: { depositId: string; actorId: string; reason: string; audit?: ReviewAudit<DepositRow> },
): Promise<void> {
  const reason = requireReason(input.reason)
  await db.transaction().execute(async (trx) => {
    const d = await lockPending(trx, 'deposit', input.depositId)
    await updateDeposit(trx, d.id, {
      status: 'rejected',
      reject_reason: reason,
      reviewed_at: new Date(),
      reviewer_id: input.actorId,
    })
    await input.audit?.(trx, { before: d, after: { status: 'rejected' } })
  })
}

/**
 * A withdrawal paid out (by an operator, or confirmed on chain): the frozen amount leaves the
 * user, the net goes to withdraw_clearing and the fee to fees.
 */
export async function postWithdrawSuccess(trx: Db, w: WithdrawalRow, actorId?: string): Promise<void> {
  const amount = normalize(w.amount)
  const fee = normalize(w.fee)
  await postEntry(trx, {
    reason: 'withdraw_success',
    refType: 'withdrawal',
    refId: w.id,
    actorId,
    postings: [
      { holder: w.user_id, account: 'funding', asset: w.asset, bucket: 'frozen', amount: neg(amount) },
      {
        holder: SYSTEM_HOLDER,
        account: 'withdraw_clearing',
        asset: w.asset,
        bucket: 'available',
        amount: sub(amount, fee),
      },
      { holder: SYSTEM_HOLDER, account: 'fees', asset: w.asset, bucket: 'available', amount: fee },
    ],
  })
}

/** pending -> success: the frozen amount leaves; the net to withdraw_clearing, the fee to fees. */
export async function approveWithdrawal(
  db: Db,
  input: { withdrawalId: string; actorId: string; txHash: string; audit?: ReviewAudit<WithdrawalRow> },
): Promise<void> {
  const txHash = input.txHash.trim()
  if (!/^[A-Za-z0-9]{8,128}$/.test(txHash))
    throw new AppError('invalidField', {
      msg: 'Invalid value for txHash',
      data: { field: 'txHash', reason: 'invalid_tx_hash' },
    })
  await db.transaction().execute(async (trx) => {
    const w = await lockPending(trx, 'withdrawal', input.withdrawalId)
    await postWithdrawSuccess(trx, w, input.actorId)
    await updateWithdrawal(trx, w.id, {
      status: 'success',
      tx_hash: txHash,
      reviewed_at: new Date(),
      reviewer_id: input.actorId,
    })
    await input.audit?.(trx, { before: w, after: { status: 'success', txHash } })
  })
}

/** pending -> failed: the frozen funds return to the user's available balance. */
export async function rejectWithdrawal(
  db: Db,
  input: { withdrawalId: string; actorId: string; reason: string; audit?: ReviewAudit<WithdrawalRow> },
): Promise<void> {
  const reason = requireReason(input.reason)
  await db.transaction().execute(async (trx) => {
    const w = await lockPending(trx, 'withdrawal', input.withdrawalId)
    await postEntry(trx, {
      reason: 'withdraw_failure',
      refType: 'withdrawal',
      refId: w.id,
      actorId: input.actorId,
      postings: unfreeze({ holder: w.user_id, account: 'funding', asset: w.asset }, normalize(w.amount)),
    })
    await updateWithdrawal(trx, w.id, {
      status: 'failed',
      reject_reason: reason,
      reviewed_at: new Date(),
      reviewer_id: input.actorId,
    })
    await input.audit?.(trx, { before: w, after: { status: 'failed' } })
  })
}

export interface ReviewListQuery {
  status?: string
  page: number
  size: number
}

/** What a deposit or a withdrawal shows both to its owner and to the console. */
function reviewView(r: DepositRow | WithdrawalRow) {
  return {
    id: r.id,
    coin: r.asset,
    chain: r.chain,
    address: r.address,
    amount: normalize(r.amount),
    status: r.status,
    rejectReason: r.reject_reason,
    reviewedAt: ms(r.reviewed_at),
  }
}

/** A deposit as its owner's list and the console's queue both show it. */
export function depositView(r: DepositRow) {
  return {
    ...reviewView(r),
    creditedAmount: r.credited_amount === null ? null : normalize(r.credited_amount),
  }
}

/** A withdrawal as its owner's list and the console's queue both show it. */
export function withdrawalView(r: WithdrawalRow) {
  return { ...reviewView(r), fee: normalize(r.fee), txHash: r.tx_hash }
}

export async function listDeposits(db: Db, q: ReviewListQuery) {
  return feed(await reviewPage(db, 'deposit', q), (r) => ({
    ...depositView(r),
    userId: r.user_id,
    voucherUploadId: r.voucher_upload_id,
    reviewerId: r.reviewer_id,
    createdAt: ms(r.created_at),
  }))
}

export async function listWithdrawals(db: Db, q: ReviewListQuery) {
  return feed(await reviewPage(db, 'withdrawal', q), (r) => ({
    ...withdrawalView(r),
    userId: r.user_id,
    net: sub(normalize(r.amount), normalize(r.fee)),
    reviewerId: r.reviewer_id,
    createdAt: ms(r.created_at),
  }))
}
