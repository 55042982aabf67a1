import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import type { UserRow } from '../../platform/identity/users'
import { consumeCode } from '../../platform/verify/codes'
import { checkGoogle } from '../../platform/verify/second-factor'

/**
 * The second factor of key creation and change, as other sensitive actions ask it: the Google
 * authenticator when the user has one bound, else the e-mail code, else the SMS code (purpose
 * `security`, sent by /user/getCode). 1508 names the field that is missing.
 */
export async function proveKeyFactor(
  db: Db,
  user: UserRow,
  body: { googleCode?: string | undefined; emailCode?: string | undefined; smsCode?: string | undefined },
): Promise<void> {
  if (user.totp_secret) {
    if (!body.googleCode) throw new AppError('secondFactorRequired', { data: { field: 'googleCode' } })
    return checkGoogle(db, user, body.googleCode)
  }
  if (user.email) {
    if (!body.emailCode) throw new AppError('secondFactorRequired', { data: { field: 'emailCode' } })
    return consumeCode(db, 'security', user.email, body.emailCode)
  }
  if (user.phone) {
    if (!body.smsCode) throw new AppError('secondFactorRequired', { data: { field: 'smsCode' } })
    return consumeCode(db, 'security', user.phone, body.smsCode)
  }
  throw new AppError('secondFactorRequired', { data: { field: 'googleCode' } })
}
