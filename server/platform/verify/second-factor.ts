import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { UserRow } from '../identity/users'
import { consumeCode } from './codes'
import { verifyTotp } from './totp'

/** Checks a Google authenticator code (+-1 step) and records its step so it cannot be used again. */
export async function checkGoogle(
  db: Db,
  user: UserRow,
  code: string,
  secret = user.totp_secret,
): Promise<void> {
  if (!secret) throw new AppError('googleNotBound')
  const step = verifyTotp(secret, code, Date.now(), user.totp_last_step)
  if (step === null) throw new AppError('googleCodeInvalid')
  // Conditional update: two requests racing with the same code cannot both pass.
  const res = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst()
  if (!res) throw new AppError('googleCodeInvalid')
  user.totp_last_step = step
}

/** Proves control of a channel with its code: an SMS or e-mail code of `purpose`, or TOTP. */
export async function proveChannel(
  db: Db,
  user: UserRow,
  type: 'sms' | 'email' | 'google',
  code: string,
  purpose: 'security' | 'unbind' = 'security',
): Promise<void> {
  if (type === 'google') return checkGoogle(db, user, code)
  const target = type === 'sms' ? user.phone : user.email
  if (!target) throw new AppError('channelNotBound')
  await consumeCode(db, purpose, target, code)
}
