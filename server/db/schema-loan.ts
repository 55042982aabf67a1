import type { ColumnType, Generated } from 'kysely'

/** Table types of loans and the credit-loan program (migration 019). Money columns numeric. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type LoanStatus = 'reviewing' | 'rejected' | 'repaying' | 'repaid' | 'unpaid'

export interface LoanProductTable {
  id: Generated<string>
  coin: string
  term_days: number
  monthly_rate: string
  institution: string
  min_amount: string
  max_amount: string
  /** The credit-loan program: proof documents and advanced identity verification required. */
  credit: Generated<boolean>
  enabled: Generated<boolean>
  /** Where an on-chain repayment goes (null: repayment from the funding account only). */
  repay_chain: string | null
  repay_address: string | null
  sort: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface LoanOrderTable {
  id: Generated<string>
  user_id: string
  product_id: string
  coin: string
  term_days: number
  monthly_rate: string
  institution: string
  credit: boolean
  expected_amount: string
  purpose: string
  /** Upload ids of the proof documents (credit loans). */
  proofs: Generated<unknown>
  /** The approved amount (null until approved). */
  amount: string | null
  interest: Generated<string>
  penalty: Generated<string>
  penalty_repaid: Generated<string>
  repaid: Generated<string>
  usd_value: Generated<string>
  status: Generated<LoanStatus>
  reject_reason: string | null
  reviewer_id: string | null
  reviewed_at: NullableTimestamp
  paid_at: NullableTimestamp
  due_day: string | null
  /** The original due instant; `extended_due_at` is set by the one automatic extension. */
  due_at: NullableTimestamp
  extended_due_at: NullableTimestamp
  flagged: Generated<boolean>
  /** Days-before-due reminders already sent, e.g. [3, 1]. */
  reminded: Generated<unknown>
  repaid_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface LoanRepaymentTable {
  id: Generated<string>
  order_id: string
  user_id: string
  method: 'balance' | 'voucher'
  amount: string
  status: 'pending' | 'done' | 'rejected'
  voucher_upload_id: string | null
  tx_hash: string | null
  reject_reason: string | null
  reviewer_id: string | null
  reviewed_at: NullableTimestamp
  created_at: Timestamp
}

/** Days on which a due date does not fall (moved to the next business day, at most 3 days). */
export interface LoanHolidayTable {
  day: string
  name: string
}

export interface LoanTables {
  loan_product: LoanProductTable
  loan_order: LoanOrderTable
  loan_repayment: LoanRepaymentTable
  loan_holiday: LoanHolidayTable
}
