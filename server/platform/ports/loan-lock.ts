import { gt, max, sub } from '@common/money/decimal'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../http/errors'
import type { BalanceState, Tx } from '../../ledger/ledger'
import { slot } from './slot'

/**
 * The loan withdrawal lock (docs/spec.md section 5): what a user still owes on open loans in a coin stays
 * in the funding account. Withdrawals, transfers out of the funding account, flash exchange and C2C
 * escrow may use only the available balance above that amount. The loan module owns the rule
 * (server/modules/loan/lock.ts) and provides it here at start-up; the others ask through this port,
 * so no product module imports loan.
 */
export interface LoanLockPort {
  /** Locks the borrower's funding balance row of `asset` (the loan lock's one lock) and returns it. */
  lockBorrowerFunding(trx: Tx, userId: string, asset: string): Promise<BalanceState>
  /** What the user owes in `asset` now. Inside a money transaction, call after lockBorrowerFunding. */
  outstandingLoan(db: Kysely<Database>, userId: string, asset: string): Promise<string>
}

export const loanLock = slot<LoanLockPort>('loan lock')

/** The funding balance above what is owed: what may leave the funding account. */
export async function withdrawable(db: Kysely<Database>, userId: string, asset: string, available: string) {
  return max('0', sub(available, await loanLock.get().outstandingLoan(db, userId, asset)))
}

/**
 * Inside the transaction that moves `amount` out of the funding account: locks the funding
 * balance first, then reads what is owed (never the reverse: a loan approved in between would
 * not be seen), and refuses what would dip into it. Always locks, even when nothing is owed yet.
 */
export async function assertLoanUnlocked(trx: Tx, userId: string, asset: string, amount: string) {
  const port = loanLock.get()
  const bal = await port.lockBorrowerFunding(trx, userId, asset)
  const owed = await port.outstandingLoan(trx, userId, asset)
  if (owed === '0') return
  const free = max('0', sub(bal.available, owed))
  if (gt(amount, free)) throw new AppError('loanLocked', { data: { withdrawable: free, owed } })
}
