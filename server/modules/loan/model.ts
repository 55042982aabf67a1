import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { dailyRate, type LoanTerms, leftToRepay, settlement } from '@common/loan/rules'
import type { LoanOrder, LoanProduct, LoanRepayment } from '@common/loan/schema'
import { add, normalize, sub } from '@common/money/decimal'
import { toMillisOrNull } from '@common/time/time'
import type { Selectable } from 'kysely'
import type { LoanOrderTable, LoanProductTable, LoanRepaymentTable } from '../../db/schema-loan'
import type { BalanceKey } from '../../ledger/ledger'

export type ProductRow = Selectable<LoanProductTable>
export type OrderRow = Selectable<LoanOrderTable>
export type RepaymentRow = Selectable<LoanRepaymentTable>

export const loanBook = (asset: string): BalanceKey => ({
  holder: SYSTEM_HOLDER,
  account: 'loan_book',
  asset,
})
export const treasury = (asset: string): BalanceKey => ({ holder: SYSTEM_HOLDER, account: 'treasury', asset })
export const fundingOf = (userId: string, asset: string): BalanceKey => ({
  holder: userId,
  account: 'funding',
  asset,
})

/** Statuses of a loan that is paid out and not settled: it can be repaid and it locks withdrawals. */
export const OPEN_STATUSES = ['repaying', 'unpaid'] as const

export function productToWire(p: ProductRow, precision: number): LoanProduct {
  return {
    id: String(p.id),
    coin: p.coin,
    termDays: p.term_days,
    monthlyRate: normalize(p.monthly_rate),
    dailyRate: dailyRate(normalize(p.monthly_rate), p.term_days),
    institution: p.institution,
    minAmount: normalize(p.min_amount),
    maxAmount: normalize(p.max_amount),
    credit: p.credit,
    precision,
    repayType: 'single',
    repayChain: p.repay_chain,
    repayAddress: p.repay_address,
    enabled: p.enabled,
  }
}

/** The pure rules' view of a paid-out loan row. */
export function termsOf(o: OrderRow, precision: number): LoanTerms {
  return {
    amount: normalize(o.amount ?? '0'),
    monthlyRate: normalize(o.monthly_rate),
    termDays: o.term_days,
    interest: normalize(o.interest),
    usdValue: normalize(o.usd_value),
    paidAtMs: toMillisOrNull(o.paid_at) ?? 0,
    dueAtMs: toMillisOrNull(o.due_at) ?? 0,
    penalty: normalize(o.penalty),
    repaid: normalize(o.repaid),
    dp: precision,
  }
}

/** What is left to repay at `now` (0 for loans not paid out or settled). */
export function leftOf(o: OrderRow, precision: number, now: number): string {
  if (!(OPEN_STATUSES as readonly string[]).includes(o.status)) return '0'
  return leftToRepay(termsOf(o, precision), now)
}

export function repaymentToWire(r: RepaymentRow): LoanRepayment {
  return {
    id: String(r.id),
    method: r.method,
    amount: normalize(r.amount),
    status: r.status,
    txHash: r.tx_hash,
    rejectReason: r.reject_reason,
    at: toMillisOrNull(r.created_at) ?? 0,
  }
}

export function orderToWire(
  o: OrderRow,
  opts: { precision: number; now: number; product?: ProductRow; repayments?: RepaymentRow[] },
): LoanOrder {
  const open = (OPEN_STATUSES as readonly string[]).includes(o.status)
  const terms = termsOf(o, opts.precision)
  const s = o.amount ? settlement(terms, opts.now) : null
  const totalOriginal = o.amount
    ? add(add(normalize(o.amount), normalize(o.interest)), normalize(o.penalty))
    : '0'
  const totalDue = o.status === 'repaid' ? normalize(o.repaid) : (s?.total ?? '0')
  const repayments = opts.repayments ?? []
  const pending = repayments
    .filter((r) => r.status === 'pending')
    .reduce((a, r) => add(a, normalize(r.amount)), '0')
  return {
    id: String(o.id),
    productId: String(o.product_id),
    coin: o.coin,
    termDays: o.term_days,
    monthlyRate: normalize(o.monthly_rate),
    dailyRate: dailyRate(normalize(o.monthly_rate), o.term_days),
    institution: o.institution,
    credit: o.credit,
    repayType: 'single',
    expectedAmount: normalize(o.expected_amount),
    purpose: o.purpose,
    amount: o.amount ? normalize(o.amount) : null,
    interest:
      o.status === 'repaid'
        ? sub(normalize(o.repaid), add(normalize(o.amount ?? '0'), normalize(o.penalty)))
        : (s?.interest ?? '0'),
    penalty: normalize(o.penalty),
    totalDue,
    totalOriginal,
    repaid: normalize(o.repaid),
    left: open ? leftToRepay(terms, opts.now) : '0',
    early: open ? (s?.early ?? false) : false,
    usdValue: normalize(o.usd_value),
    status: o.status,
    extended: o.extended_due_at !== null,
    flagged: o.flagged,
    rejectReason: o.reject_reason,
    repayChain: opts.product?.repay_chain ?? null,
    repayAddress: opts.product?.repay_address ?? null,
    pendingVoucher: pending,
    createdAt: toMillisOrNull(o.created_at) ?? 0,
    reviewedAt: toMillisOrNull(o.reviewed_at),
    paidAt: toMillisOrNull(o.paid_at),
    dueDay: o.due_day,
    dueAt: toMillisOrNull(o.extended_due_at ?? o.due_at),
    repaidAt: toMillisOrNull(o.repaid_at),
    precision: opts.precision,
    repayments: repayments.map(repaymentToWire),
  }
}
