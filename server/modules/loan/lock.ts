import { max, normalize, sum } from '@common/money/decimal'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { leftOf, OPEN_STATUSES } from './model'
import { loanNow } from './service'

/**
 * The withdrawal lock (SPEC.md section 5: borrowed funds cannot be withdrawn until repayment is
 * done): the amount of a coin a user still owes on open loans (repaying or unpaid). The assets
 * area asks this through server/modules/assets/loan-lock.ts before anything leaves the funding
 * account: withdrawals, transfers to another account and flash exchange may only use the funding
 * balance above it. This module imports nothing from assets.
 */
export async function outstandingLoan(db: Kysely<Database>, userId: string, asset: string): Promise<string> {
  const rows = await db
    .selectFrom('loan_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('coin', '=', asset)
    .where('status', 'in', [...OPEN_STATUSES])
    .execute()
  if (rows.length === 0) return '0'
  const coin = await db.selectFrom('asset').select('precision').where('code', '=', asset).executeTakeFirst()
  const dp = coin?.precision ?? 8
  const now = loanNow()
  return max('0', sum(rows.map((o) => normalize(leftOf(o, dp, now)))))
}
