import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { createSession } from '../../platform/identity/sessions'
import { maskEmail, maskPhone, type UserRow, userDto } from '../../platform/identity/users'
import { insertChallenge, recordLogin } from './repo'

const CHALLENGE_TTL_MS = 5 * 60 * 1000

/** Opens a session after a successful login and records it in the login history. */
export async function openSession(
  db: Db,
  user: UserRow,
  meta: { ip: string; userAgent: string },
  account: string,
) {
  const { token } = await createSession(db, user.id, meta)
  await recordLogin(db, { account, userId: user.id, ip: meta.ip, userAgent: meta.userAgent })
  return { token, user: await userDto(db, user) }
}

/**
 * The end of every first login step (password or wallet): with SMS, e-mail or Google checks on,
 * answer 1021 with a challenge to complete through /user/loginConfirm; otherwise open the session.
 */
export async function finishFirstStep(
  db: Db,
  user: UserRow,
  meta: { ip: string; userAgent: string },
  account: string,
) {
  const needs = { sms: user.sms_verify, email: user.email_verify, google: user.google_verify }
  if (needs.sms || needs.email || needs.google) {
    const challengeId = randomUUID()
    await insertChallenge(db, {
      id: challengeId,
      userId: user.id,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    throw new AppError('secondCheck', {
      data: { challengeId, ...needs, phoneMasked: maskPhone(user.phone), emailMasked: maskEmail(user.email) },
    })
  }
  return openSession(db, user, meta, account)
}
