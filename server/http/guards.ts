import type { Db } from '../db/db'
import { verifyPassword } from '../modules/auth/passwords'
import { AppError } from './errors'

/**
 * A frozen account can log in and look, but not trade, transfer or withdraw (operator console).
 * Call at the start of every use case that moves a user's funds.
 */
export async function assertCanMoveFunds(db: Db, userId: string): Promise<void> {
  const u = await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirst()
  if (u?.status !== 'active') throw new AppError('accountAbnormal')
}

/** Withdrawals and other sensitive moves ask for the trade password. */
export async function checkTradePassword(db: Db, userId: string, password: string): Promise<void> {
  const u = await db
    .selectFrom('users')
    .select('trade_password_hash')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!u?.trade_password_hash) throw new AppError('tradePasswordNotSet')
  if (!(await verifyPassword(u.trade_password_hash, password))) throw new AppError('tradePasswordWrong')
}
