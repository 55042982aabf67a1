import * as v from 'valibot'
import { positiveDecimal } from '../spot/schema'
import {
  boundedText,
  calendarDateSchema,
  INT4_MAX,
  intIn,
  optionalReason,
  rowIdSchema,
  uploadIdSchema,
} from '../validate/strict'
import { LOAN_COINS, LOAN_TERMS } from './rules'

/**
 * Loans and the credit-loan program: the wire shapes shared by the server and the app. Amounts
 * are decimal strings, ids strings, times epoch ms. Status names follow docs/spec.md section 4: under
 * review, review failed, repaying, repaid, unpaid.
 */
export const LOAN_STATUSES = ['reviewing', 'rejected', 'repaying', 'repaid', 'unpaid'] as const
export type LoanStatus = (typeof LOAN_STATUSES)[number]

/** Required text: 1..max characters after trimming. */
const text = (max: number, key: string) => boundedText(max, key, 1)

export const loanCoinSchema = v.picklist(LOAN_COINS, 'invalid_coin')
export const loanTermSchema = v.pipe(intIn(1, 3650, 'invalid_term'), v.picklist(LOAN_TERMS, 'invalid_term'))

/** POST /api/loan/apply. Repayment type is always a single payment at the due date. */
export const loanApplySchema = v.object({
  productId: rowIdSchema,
  amount: positiveDecimal,
  purpose: text(200, 'invalid_purpose'),
  /** Upload ids of proof documents (credit-loan program: at least one). */
  proofs: v.optional(v.pipe(v.array(uploadIdSchema), v.maxLength(9, 'too_many_images')), []),
})
export type LoanApplyInput = v.InferOutput<typeof loanApplySchema>

/** POST /api/loan/repay: from the funding account, part or all of what is left. */
export const loanRepaySchema = v.object({ id: rowIdSchema, amount: positiveDecimal })
/** POST /api/loan/repay/voucher: an on-chain payment to the repayment address, proven by a voucher. */
export const loanVoucherSchema = v.object({
  id: rowIdSchema,
  amount: positiveDecimal,
  voucher: uploadIdSchema,
  txHash: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'invalid_tx_hash'))),
})
export const loanIdParamsSchema = v.object({ id: rowIdSchema })
export const loanOrdersQuerySchema = v.object({
  status: v.optional(v.picklist(LOAN_STATUSES, 'invalid_status')),
  page: v.optional(intIn(1, INT4_MAX, 'invalid_page'), 1),
  size: v.optional(intIn(1, 50, 'invalid_size'), 20),
})

// ---- console ----
export const loanReviewSchema = v.variant('decision', [
  v.object({
    decision: v.literal('approve'),
    id: rowIdSchema,
    amount: positiveDecimal,
    reason: optionalReason,
  }),
  v.object({ decision: v.literal('reject'), id: rowIdSchema, reason: text(200, 'invalid_reason') }),
])
export const loanVoucherReviewSchema = v.variant('decision', [
  v.object({ decision: v.literal('confirm'), id: rowIdSchema }),
  v.object({ decision: v.literal('reject'), id: rowIdSchema, reason: text(200, 'invalid_reason') }),
])
export const loanProductSaveSchema = v.object({
  id: v.optional(rowIdSchema),
  coin: loanCoinSchema,
  termDays: loanTermSchema,
  monthlyRate: positiveDecimal,
  institution: text(60, 'invalid_institution'),
  minAmount: positiveDecimal,
  maxAmount: positiveDecimal,
  credit: v.boolean('invalid_flag'),
  enabled: v.boolean('invalid_flag'),
  repayChain: v.optional(v.nullable(boundedText(12, 'invalid_chain'))),
  repayAddress: v.optional(v.nullable(boundedText(100, 'invalid_address'))),
  reason: optionalReason,
})
export const loanHolidaysSchema = v.object({
  days: v.pipe(
    v.array(
      v.object({
        day: calendarDateSchema(),
        name: boundedText(60, 'invalid_name'),
      }),
    ),
    v.maxLength(200, 'too_many_days'),
  ),
})

// ---- responses ----
export interface LoanProduct {
  id: string
  coin: string
  termDays: number
  monthlyRate: string
  /** The term's interest per day (for comparison). */
  dailyRate: string
  institution: string
  minAmount: string
  maxAmount: string
  credit: boolean
  precision: number
  repayType: 'single'
  /** On-chain repayment address (null: repay from the funding account only). */
  repayChain: string | null
  repayAddress: string | null
  enabled: boolean
}

export interface LoanRepayment {
  id: string
  method: 'balance' | 'voucher'
  amount: string
  status: 'pending' | 'done' | 'rejected'
  txHash: string | null
  rejectReason: string | null
  at: number
}

export interface LoanOrder {
  id: string
  productId: string
  coin: string
  termDays: number
  monthlyRate: string
  dailyRate: string
  institution: string
  credit: boolean
  repayType: 'single'
  expectedAmount: string
  purpose: string
  /** The approved amount (null while under review or rejected). */
  amount: string | null
  interest: string
  penalty: string
  /** What settles the loan now (principal, interest so far or in full, penalty). */
  totalDue: string
  /** Principal + the whole term's interest (+ penalty): the total originally due. */
  totalOriginal: string
  repaid: string
  left: string
  /** Early repayment now pays only the interest so far (a loan of at most 3000 USD). */
  early: boolean
  usdValue: string
  status: LoanStatus
  extended: boolean
  flagged: boolean
  rejectReason: string | null
  repayChain: string | null
  repayAddress: string | null
  pendingVoucher: string
  createdAt: number
  reviewedAt: number | null
  paidAt: number | null
  dueDay: string | null
  dueAt: number | null
  repaidAt: number | null
  precision: number
  repayments: LoanRepayment[]
}
