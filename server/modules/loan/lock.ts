import { max, normalize, sum } from '@common/money/decimal'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { type BalanceState, lockBalances, type Tx } from '../../ledger/ledger'
import { precisionOrWidest } from '../../ledger/precision'
import { loanNow } from './clock'
import { fundingOf, leftOf } from './model'
import { openOrders } from './repo'

/**
 * The withdrawal lock (docs/spec.md section 5: borrowed funds cannot be withdrawn until repayment is
 * done): the amount of a coin a user still owes on open loans (repaying or unpaid) stays in their
 * funding account. Withdrawals, transfers to another account, flash exchange and C2C escrow may
 * only use the funding balance above it. This module imports nothing from assets.
 *
 * The one concurrency rule (issue 33): the borrower's funding balance row of the coin is the lock
 * of the loan lock. Every transaction that raises what a user owes (the approval's payout, the
 * overdue penalty) or repays from funding, and every transaction that moves coins out of funding,
 * locks that row FIRST, and only then reads what is owed. A payout and a withdrawal are therefore
 * serialised on one row: whichever comes second sees the other's committed result (the payout and
 * the `repaying` status are written in one transaction).
 */
export async function lockBorrowerFunding(trx: Tx, userId: string, asset: string): Promise<BalanceState> {
  const bal = [...(await lockBalances(trx, [fundingOf(userId, asset)])).values()][0]
  return bal ?? { available: '0', frozen: '0' }
}

/** What the user owes in `asset` now. Inside a money transaction, call after lockBorrowerFunding. */
export async function outstandingLoan(db: Kysely<Database>, userId: string, asset: string): Promise<string> {
  const rows = await openOrders(db, { userId, coin: asset })
  if (rows.length === 0) return '0'
  const dp = await precisionOrWidest(db, asset)
  const now = loanNow()
  return max('0', sum(rows.map((o) => normalize(leftOf(o, dp, now)))))
}
