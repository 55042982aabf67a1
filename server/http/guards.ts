import type { Db } from '../db/db'
import { columnOf } from '../db/rows'
import type { Tx } from '../ledger/ledger'
import { verifyPassword } from '../platform/identity/passwords'
import { AppError } from './errors'

/**
 * A frozen account can log in and look, but not trade, transfer or withdraw (operator console).
 * Call as the first statement of the transaction of every use case that moves a user's funds: it
 * takes a share lock on the user's row before reading the status (lock first, then read the
 * guard), so a freeze (which updates that row) waits for a move in flight to commit, and a move
 * that starts while a freeze is in flight waits for it and then sees `frozen`.
 */
export async function assertCanMoveFunds(trx: Tx, userId: string): Promise<void> {
  const u = await trx
    .selectFrom('users')
    .select('status')
    .where('id', '=', userId)
    .forShare()
    .executeTakeFirst()
  if (u?.status !== 'active') throw new AppError('accountAbnormal')
}

/** Withdrawals and other sensitive moves ask for the trade password. */
export async function checkTradePassword(db: Db, userId: string, password: string): Promise<void> {
  const hash = await columnOf(db, 'users', 'trade_password_hash', 'id', userId)
  if (!hash) throw new AppError('tradePasswordNotSet')
  if (!(await verifyPassword(hash, password))) throw new AppError('tradePasswordWrong')
}
