import { TYPE_ADVANCED_VERIFY } from '@common/api/envelope'
import {
  dueDay,
  EXTENSION_DAYS,
  endOfDay,
  isLoanCoin,
  localDay,
  penaltyFor,
  splitRepayment,
  termInterest,
} from '@common/loan/rules'
import type { LoanApplyInput } from '@common/loan/schema'
import { add, gt, gte, isZero, lt, mul, normalize, round, sub } from '@common/money/decimal'
import { sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { lockBalances, move, postEntry, type Tx } from '../../ledger/ledger'
import { checkDecimals } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import { identityGate } from '../../platform/identity/identity-gate'
import { loanNow } from './clock'
import { lockBorrowerFunding } from './lock'
import { fundingOf, leftOf, loanBook, OPEN_STATUSES, type OrderRow, treasury } from './model'

/** What the loan book starts with, from the treasury (once; operators may fund more). */
export const BOOK_SEED: Record<string, string> = { USDT: '5000000', BTC: '100', ETH: '2000' }
const DAY_MS = 86_400_000

/**
 * Loan use cases (issue 17). Each is one transaction that locks the loan row, re-checks its state,
 * and books money only through the ledger: payouts from the `loan_book` system account to the
 * borrower's funding account, repayments back into it. `now()` is the wall clock plus an offset
 * that only the dev routes set (the test clock; never in production).
 */
export class LoanService {
  private market: MarketData | null = null
  private seeded: Promise<void> | null = null

  constructor(private readonly db: Db) {}

  attachMarket(market: MarketData): void {
    this.market = market
  }
  now(): number {
    return loanNow()
  }

  /** Funds the loan book from the treasury once (the entry's reference is looked up first). */
  init(): Promise<void> {
    this.seeded ??= this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('loan.book_seed'))`.execute(trx)
      const done = await trx
        .selectFrom('ledger_entry')
        .select('id')
        .where('ref_type', '=', 'loan_book_seed')
        .executeTakeFirst()
      if (done) return
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

  async precision(coin: string, db: Tx = this.db): Promise<number> {
    const row = await db.selectFrom('asset').select('precision').where('code', '=', coin).executeTakeFirst()
    return row?.precision ?? 8
  }

  async holidays(db: Tx = this.db): Promise<Set<string>> {
    const rows = await db.selectFrom('loan_holiday').select('day').execute()
    return new Set(rows.map((r) => r.day))
  }

  /** USD value of an amount of a loan coin at the index (USDT counts as 1 USD). */
  usdValue(coin: string, amount: string): string {
    if (coin === 'USDT') return amount
    const last = this.market?.ticker(`${coin}USDT`)?.last
    if (!last || isZero(last)) throw new AppError('loanNoPrice')
    return round(mul(amount, last), 2, 'half-up')
  }

  async apply(userId: string, input: LoanApplyInput): Promise<OrderRow> {
    const p = await this.db
      .selectFrom('loan_product')
      .selectAll()
      .where('id', '=', input.productId)
      .where('enabled', '=', true)
      .executeTakeFirst()
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
    if (proofs.length) {
      const owned = await this.db
        .selectFrom('upload')
        .select('id')
        .where('id', 'in', proofs)
        .where('owner_id', '=', userId)
        .execute()
      if (owned.length !== proofs.length) throw new AppError('uploadInvalid')
    }
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      // One application under review per user and product (a double tap makes one).
      await sql`select pg_advisory_xact_lock(hashtext(${`loan.apply:${userId}`}))`.execute(trx)
      const pending = await trx
        .selectFrom('loan_order')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', p.id)
        .where('status', '=', 'reviewing')
        .executeTakeFirst()
      if (pending) throw new AppError('loanPendingExists')
      return trx
        .insertInto('loan_order')
        .values({
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
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  private async lockOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
    let q = trx.selectFrom('loan_order').selectAll().where('id', '=', id)
    if (userId) q = q.where('user_id', '=', userId)
    const row = await q.forUpdate().executeTakeFirst()
    if (!row) throw new AppError('loanNotFound')
    return row
  }

  /**
   * Locks the borrower's funding balance of the loan's coin, then the loan row (./lock.ts: the
   * loan lock's one rule). The borrower and coin of a loan never change, so reading them before
   * the locks is safe; everything else is read from the locked row.
   */
  private async lockBorrowerAndOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow> {
    let q = trx.selectFrom('loan_order').select(['user_id', 'coin']).where('id', '=', id)
    if (userId) q = q.where('user_id', '=', userId)
    const who = await q.executeTakeFirst()
    if (!who) throw new AppError('loanNotFound')
    await lockBorrowerFunding(trx, who.user_id, who.coin)
    return this.lockOrder(trx, id, userId)
  }

  /** Approves (possibly a lower amount) and pays out from the loan book in the same transaction. */
  async approve(
    trx: Tx,
    id: string,
    amount: string,
    reviewerId: string,
  ): Promise<{ before: OrderRow; after: OrderRow }> {
    const o = await this.lockBorrowerAndOrder(trx, id)
    if (o.status !== 'reviewing') throw new AppError('loanDecided')
    const dp = await this.precision(o.coin, trx)
    checkDecimals(amount, dp, 'amount', o.coin)
    if (isZero(amount) || gt(amount, o.expected_amount)) throw new AppError('loanApproveAmount')
    const usd = this.usdValue(o.coin, amount)
    const book = (await lockBalances(trx, [loanBook(o.coin)])).values().next().value
    if (!book || lt(book.available, amount)) throw new AppError('loanBookShort')
    const now = this.now()
    const day = dueDay(now, o.term_days, await this.holidays(trx))
    await postEntry(trx, {
      reason: 'loan_payout',
      refType: 'loan',
      refId: String(o.id),
      actorId: reviewerId,
      postings: move(loanBook(o.coin), fundingOf(o.user_id, o.coin), amount),
    })
    const after = await trx
      .updateTable('loan_order')
      .set({
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
      .where('id', '=', o.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { before: o, after }
  }

  async reject(
    trx: Tx,
    id: string,
    reason: string,
    reviewerId: string,
  ): Promise<{ before: OrderRow; after: OrderRow }> {
    const o = await this.lockOrder(trx, id)
    if (o.status !== 'reviewing') throw new AppError('loanDecided')
    const now = new Date(this.now())
    const after = await trx
      .updateTable('loan_order')
      .set({
        status: 'rejected',
        reject_reason: reason,
        reviewer_id: reviewerId,
        reviewed_at: now,
        updated_at: now,
      })
      .where('id', '=', o.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { before: o, after }
  }

  /**
   * Books a repayment into the loan book (penalty first, then interest and principal) and
   * settles the loan when nothing is left. `from` is the borrower's funding account, or the
   * deposit clearing account for a confirmed on-chain payment.
   */
  private async book(
    trx: Tx,
    o: OrderRow,
    amount: string,
    from: 'funding' | 'chain',
    actorId: string,
  ): Promise<OrderRow> {
    const dp = await this.precision(o.coin, trx)
    const now = this.now()
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
    return trx
      .updateTable('loan_order')
      .set({
        repaid: add(normalize(o.repaid), amount),
        penalty_repaid: add(normalize(o.penalty_repaid), split.penalty),
        ...(settled ? { status: 'repaid' as const, repaid_at: new Date(now), flagged: false } : {}),
        updated_at: new Date(now),
      })
      .where('id', '=', o.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async repay(userId: string, id: string, amount: string): Promise<OrderRow> {
    return this.db.transaction().execute(async (trx) => {
      const o = await this.lockBorrowerAndOrder(trx, id, userId)
      if (!(OPEN_STATUSES as readonly string[]).includes(o.status)) throw new AppError('loanNotRepaying')
      checkDecimals(amount, await this.precision(o.coin, trx), 'amount', o.coin)
      const after = await this.book(trx, o, amount, 'funding', userId)
      await trx
        .insertInto('loan_repayment')
        .values({
          order_id: o.id,
          user_id: userId,
          method: 'balance',
          amount,
          status: 'done',
          reviewed_at: new Date(this.now()),
        })
        .execute()
      return after
    })
  }

  /** An on-chain repayment the user proves with a voucher: pending until an operator confirms. */
  async submitVoucher(
    userId: string,
    input: { id: string; amount: string; voucher: string; txHash?: string },
  ) {
    return this.db.transaction().execute(async (trx) => {
      const o = await this.lockOrder(trx, input.id, userId)
      if (!(OPEN_STATUSES as readonly string[]).includes(o.status)) throw new AppError('loanNotRepaying')
      const p = await trx
        .selectFrom('loan_product')
        .select(['repay_address'])
        .where('id', '=', o.product_id)
        .executeTakeFirst()
      if (!p?.repay_address) throw new AppError('loanVoucherUnavailable')
      const dp = await this.precision(o.coin, trx)
      checkDecimals(input.amount, dp, 'amount', o.coin)
      const pending = await trx
        .selectFrom('loan_repayment')
        .select(sql<string>`coalesce(sum(amount), 0)::text`.as('s'))
        .where('order_id', '=', o.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
      const left = sub(leftOf(o, dp, this.now()), normalize(pending.s))
      if (gt(input.amount, left)) throw new AppError('loanRepayTooMuch', { data: { left } })
      const up = await trx
        .selectFrom('upload')
        .select('id')
        .where('id', '=', input.voucher)
        .where('owner_id', '=', userId)
        .executeTakeFirst()
      if (!up) throw new AppError('uploadInvalid')
      return trx
        .insertInto('loan_repayment')
        .values({
          order_id: o.id,
          user_id: userId,
          method: 'voucher',
          amount: input.amount,
          status: 'pending',
          voucher_upload_id: input.voucher,
          tx_hash: input.txHash || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  /** The operator's decision on a voucher: confirm books it (from the outside world), reject records why. */
  async decideVoucher(
    trx: Tx,
    repaymentId: string,
    decision: 'confirm' | 'reject',
    reviewerId: string,
    reason = '',
  ) {
    const r = await trx
      .selectFrom('loan_repayment')
      .selectAll()
      .where('id', '=', repaymentId)
      .forUpdate()
      .executeTakeFirst()
    if (!r) throw new AppError('notFound')
    if (r.status !== 'pending') throw new AppError('loanRepaymentDecided')
    const now = new Date(this.now())
    if (decision === 'confirm') {
      const o = await this.lockOrder(trx, r.order_id)
      if (!(OPEN_STATUSES as readonly string[]).includes(o.status)) throw new AppError('loanNotRepaying')
      await this.book(trx, o, normalize(r.amount), 'chain', reviewerId)
    }
    const after = await trx
      .updateTable('loan_repayment')
      .set({
        status: decision === 'confirm' ? 'done' : 'rejected',
        reject_reason: decision === 'reject' ? reason : null,
        reviewer_id: reviewerId,
        reviewed_at: now,
      })
      .where('id', '=', r.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { before: r, after }
  }

  /**
   * Overdue pass (idempotent: each change re-checks its condition on the locked row): a loan past
   * its due date is extended once by 7 days with the 0.025 penalty; past the extended date it is
   * unpaid and flagged to operators. Returns how many loans changed.
   */
  async runOverdue(now = this.now()): Promise<{ extended: number; unpaid: number }> {
    const out = { extended: 0, unpaid: 0 }
    for (let pass = 0; pass < 2; pass++) {
      const due = await this.db
        .selectFrom('loan_order')
        .select('id')
        .where('status', '=', 'repaying')
        .where(sql<boolean>`coalesce(extended_due_at, due_at) <= ${new Date(now)}`)
        .execute()
      if (due.length === 0) break
      for (const { id } of due)
        await this.db.transaction().execute(async (trx) => {
          // The penalty raises what is owed: the borrower's funding balance is locked first.
          const o = await this.lockBorrowerAndOrder(trx, id)
          const dueAt = (o.extended_due_at ?? o.due_at)?.getTime() ?? Number.POSITIVE_INFINITY
          if (o.status !== 'repaying' || dueAt > now) return
          if (o.extended_due_at === null) {
            const ext = dueAt + EXTENSION_DAYS * DAY_MS
            await trx
              .updateTable('loan_order')
              .set({
                extended_due_at: new Date(ext),
                due_day: localDay(ext),
                penalty: penaltyFor(normalize(o.amount ?? '0'), await this.precision(o.coin, trx)),
                updated_at: new Date(now),
              })
              .where('id', '=', o.id)
              .execute()
            out.extended++
          } else {
            await trx
              .updateTable('loan_order')
              .set({ status: 'unpaid', flagged: true, updated_at: new Date(now) })
              .where('id', '=', o.id)
              .execute()
            out.unpaid++
          }
        })
    }
    return out
  }

  /**
   * Claims the reminders due at `now` (3 days and 1 day before the current due date), each once:
   * the claim is written before anything is sent, so a restart never sends one twice.
   */
  async claimReminders(now = this.now()): Promise<{ order: OrderRow; days: number }[]> {
    const rows = await this.db
      .selectFrom('loan_order')
      .selectAll()
      .where('status', '=', 'repaying')
      .where(sql<boolean>`coalesce(extended_due_at, due_at) <= ${new Date(now + 3 * DAY_MS)}`)
      .where(sql<boolean>`coalesce(extended_due_at, due_at) > ${new Date(now)}`)
      .execute()
    const out: { order: OrderRow; days: number }[] = []
    for (const o of rows) {
      const dueAt = (o.extended_due_at ?? o.due_at)?.getTime() ?? 0
      const days = dueAt - now <= DAY_MS ? 1 : 3
      const keys = days === 1 ? [`${dueAt}:3`, `${dueAt}:1`] : [`${dueAt}:3`]
      const have = (o.reminded as string[]) ?? []
      if (have.includes(`${dueAt}:${days}`)) continue
      const claimed = await this.db
        .updateTable('loan_order')
        .set({ reminded: JSON.stringify([...new Set([...have, ...keys])]) })
        .where('id', '=', o.id)
        .where(sql<boolean>`not (reminded @> ${JSON.stringify([`${dueAt}:${days}`])}::jsonb)`)
        .returning('id')
        .executeTakeFirst()
      if (claimed) out.push({ order: o, days })
    }
    return out
  }
}

export const loanService = perDb((db) => new LoanService(db))
