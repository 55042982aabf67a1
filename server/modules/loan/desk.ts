import type { Db } from '../../db/db'
import type { Tx } from '../../ledger/ledger'
import type { OrderRow } from './model'

/**
 * What the loan use cases (review, repay, overdue) need from the loan service: its clock, coin
 * precision, holidays, USD value and the two order locks. They take this, not the service class, so
 * the files import one another one way only.
 */
export interface LoanDesk {
  readonly db: Db
  now(): number
  precision(coin: string, db?: Tx): Promise<number>
  holidays(db?: Tx): Promise<Set<string>>
  usdValue(coin: string, amount: string): string
  lockOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow>
  lockBorrowerAndOrder(trx: Tx, id: string, userId?: string): Promise<OrderRow>
}
