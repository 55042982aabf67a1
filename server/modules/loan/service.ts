import { TYPE_ADVANCED_VERIFY } from '@common/api/envelope'
import { isLoanCoin } from '@common/loan/rules'
import type { LoanApplyInput } from '@common/loan/schema'
import { gt, isZero, lt, mul, normalize, round } from '@common/money/decimal'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { move, postEntry, type Tx } from '../../ledger/ledger'
import { checkDecimals, precisionOrWidest } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import { ownUploadCount } from '../../platform/content/uploads'
import { identityGate } from '../../platform/identity/identity-gate'
import { loanNow } from './clock'
import type { LoanDesk } from './desk'
import { lockBorrowerFunding } from './lock'
import { loanBook, type OrderRow, treasury } from './model'
import { claimReminders, runOverdue } from './overdue'
import { enabledProduct, holidays, lockBookSeed } from './product-repo'
import { decideVoucher, repayFromFunding, submitVoucher } from './repay'
import { borrowerOf, hasPendingApplication, insertOrder, lockApplications, lockOrderRow } from './repo'
import { approveLoan, rejectLoan } from './review'

/** What the loan book starts with, from the treasury (once; operators may fund more). */
export const BOOK_SEED: Record<string, string> = { USDT: '5000000', BTC: '100', ETH: '2000' }

/**
 * Loan use cases (issue 17). Each is one transaction that locks the loan row, re-checks its state,
 * and books money only through the ledger: payouts from the `loan_book` system account to the
 * borrower's funding account, repayments back into it. `now()` is the wall clock plus an offset
 * that only the dev routes set (the test clock; never in production). One file per capability:
 * review.ts (approve, reject), repay.ts (repayments and vouchers), overdue.ts (extension, unpaid,
 * reminders); the queries in repo.ts and product-repo.ts.
 */
export class LoanService implements LoanDesk {
  private market: MarketData | null = null
  private seeded: Promise<void> | null = null

  constructor(readonly db: Db) {}

  attachMarket(market: MarketData): void {
    this.market = market
  }
  now(): number {
    return loanNow()
  }

  /** Funds the loan book from the treasury once (the entry's reference is looked up first). */
  init(): Promise<void> {
    this.seeded ??= this.db.transaction().execute(async (trx) => {
      if (await lockBookSeed(trx)) return
      await postEntry(trx, {
        reason: 'loan_funding',
        refType: 'loan_book_seed',
        memo: 'loan book: initial funding from the treasury',
        postings: Object.entries(BOOK_SEED).flatMap(([asset, amount]) =>
          move(treasury(asset), loanBook(asset), amount),
        ),
      })
    })
    return this.seeded
  }

  precision(coin: string, db: Tx = this.db): Promise<number> {
    return precisionOrWidest(db, coin)
  }

  async holidays(db: Tx = this.db): Promise<Set<string>> {
    return new Set((await holidays(db)).map((r) => r.day))
  }

  /** USD value of an amount of a loan coin at the index (USDT counts as 1 USD). */
  usdValue(coin: string, amount: string): string {
    if (coin === 'USDT') return amount
    const last = this.market?.ticker(`${coin}USDT`)?.last
    if (!last || isZero(last)) throw new AppError('loanNoPrice')
    return round(mul(amount, last), 2, 'half-up')
  }

  async apply(userId: string, input: LoanApplyInput): Promise<OrderRow> {
    const p = await enabledProduct(this.db, input.productId)
    if (!p || !isLoanCoin(p.coin)) throw new AppError('loanProductNotFound')
    checkDecimals(input.amount, await this.precision(p.coin), 'amount', p.coin)
    if (lt(input.amount, p.min_amount) || gt(input.amount, p.max_amount))
      throw new AppError('loanAmountRange', {
        data: { min: normalize(p.min_amount), max: normalize(p.max_amount) },
      })
    // Operator-approved identity (advanced verification): always for the credit loan, and for every
    // loan unless the `loan.approved_identity_required` setting is off. Type 998 opens verification.
    const gate = await identityGate(this.db, userId, 'loan')
    if ((p.credit || gate.approvedRequired) && gate.state !== 'verified')
      throw new AppError('loanIdentityRequired', { type: TYPE_ADVANCED_VERIFY })
    const proofs = [...new Set(input.proofs)]
    if (p.credit && proofs.length === 0) throw new AppError('loanProofRequired')
    if (proofs.length && (await ownUploadCount(this.db, proofs, userId)) !== proofs.length)
      throw new AppError('uploadInvalid')
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      // One application under review per user and product (a double tap makes one).
      await lockApplications(trx, userId)
      if (await hasPendingApplication(trx, userId, p.id)) throw new AppError('loanPendingExists')
      return insertOrder(trx, {
        user_id: userId,
        product_id: p.id,
        coin: p.coin,
        term_days: p.term_days,
        monthly_rate: p.monthly_rate,
        institution: p.institution,
        credit: p.credit,
        expected_amount: input.amount,
        purpose: input.purpose,
        proofs: JSON.stringify(proofs),
      })
    })
  }

  /** The loan row (of this user, when given), locked; loanNotFound when there is none. */
  async lockOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
    const row = await lockOrderRow(trx, id, userId)
    if (!row) throw new AppError('loanNotFound')
    return row
  }

  /**
   * Locks the borrower's funding balance of the loan's coin, then the loan row (./lock.ts: the
   * loan lock's one rule). The borrower and coin of a loan never change, so reading them before
   * the locks is safe; everything else is read from the locked row.
   */
  async lockBorrowerAndOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
    const who = await borrowerOf(trx, id, userId)
    if (!who) throw new AppError('loanNotFound')
    await lockBorrowerFunding(trx, who.user_id, who.coin)
    return this.lockOrder(trx, id, userId)
  }

  approve(trx: Tx, id: string, amount: string, reviewerId: string) {
    return approveLoan(this, trx, id, amount, reviewerId)
  }

  reject(trx: Tx, id: string, reason: string, reviewerId: string) {
    return rejectLoan(this, trx, id, reason, reviewerId)
  }

  repay(userId: string, id: string, amount: string): Promise<OrderRow> {
    return repayFromFunding(this, userId, id, amount)
  }

  submitVoucher(userId: string, input: { id: string; amount: string; voucher: string; txHash?: string }) {
    return submitVoucher(this, userId, input)
  }

  decideVoucher(
    trx: Tx,
    repaymentId: string,
    decision: 'confirm' | 'reject',
    reviewerId: string,
    reason = '',
  ) {
    return decideVoucher(this, trx, repaymentId, decision, reviewerId, reason)
  }

  runOverdue(now = this.now()): Promise<{ extended: number; unpaid: number }> {
    return runOverdue(this, now)
  }

  claimReminders(now = this.now()): Promise<{ order: OrderRow; days: number }[]> {
    return claimReminders(this, now)
  }
}

export const loanService = perDb((db) => new LoanService(db))
