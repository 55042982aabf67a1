import { gt, max, sub } from '@common/money/decimal'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../../http/errors'
import type { Tx } from '../../ledger/ledger'
import { lockBorrowerFunding, outstandingLoan } from '../../modules/loan/lock'

/**
 * The loan withdrawal lock's hook in the assets area (SPEC.md section 5): what a user still owes
 * on open loans in a coin stays in the funding account. Withdrawals, transfers out of the funding
 * account and flash exchange from it may use only the available balance above that amount.
 * Assets asks the loan module (server/modules/loan/lock.ts), which never imports assets.
 */
export async function withdrawable(db: Kysely<Database>, userId: string, asset: string, available: string) {
  return max('0', sub(available, await outstandingLoan(db, userId, asset)))
}

/**
 * Inside the transaction that moves `amount` out of the funding account: locks the funding
 * balance first, then reads what is owed (never the reverse: a loan approved in between would
 * not be seen), and refuses what would dip into it. Always locks, even when nothing is owed yet.
 */
export async function assertLoanUnlocked(trx: Tx, userId: string, asset: string, amount: string) {
  const bal = await lockBorrowerFunding(trx, userId, asset)
  const owed = await outstandingLoan(trx, userId, asset)
  if (owed === '0') return
  const free = max('0', sub(bal.available, owed))
  if (gt(amount, free)) throw new AppError('loanLocked', { data: { withdrawable: free, owed } })
}
