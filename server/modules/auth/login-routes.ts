import {
  accountSchema,
  forgetPasswordSchema,
  loginChallengeSchema,
  loginConfirmSchema,
  loginSchema,
} from '@common/account/schema'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { dummyHash, hashPassword, verifyPassword } from '../../platform/identity/passwords'
import { revokeAllSessions, revokeSession } from '../../platform/identity/sessions'
import { accountKey, findByAccount, getUser, maskEmail, maskPhone } from '../../platform/identity/users'
import { consumeCode } from '../../platform/verify/codes'
import { checkGoogle } from '../../platform/verify/second-factor'
import { spendTicket } from '../../platform/verify/slider'
import { type AuthCtx, clientMeta, sendCode, strictLimit } from './context'
import { finishFirstStep, openSession } from './login-session'
import { challengeOf, dropAttempt, endChallenge, startAttempt, tryChallenge, updateUser } from './repo'

const LOCK_WINDOW_MS = 15 * 60 * 1000
const LOCK_FAILURES = 10
const CHALLENGE_TRIES = 5

export async function loginRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx

  app.post('/user/login', strictLimit(ctx), async (req) => {
    const body = parse(loginSchema, req.body)
    const key = accountKey(body.account, body.countryCode)
    const meta = clientMeta(req)
    const user = await findByAccount(db, key)
    // The check and this attempt's place in the count are one step, serialized per account and
    // address: each attempt is recorded as a failure before its password is checked (dropped again
    // when it succeeds), so 50 parallel guesses get 10 checks, not 10 plus those in flight.
    const attemptId = await startAttempt(
      db,
      { account: key, userId: user?.id ?? null, ip: meta.ip, userAgent: meta.userAgent },
      { failures: LOCK_FAILURES, windowMs: LOCK_WINDOW_MS },
    )
    if (attemptId === null) throw new AppError('loginLocked')

    const good = await verifyPassword(user?.password_hash ?? (await dummyHash()), body.password)
    if (!user || !good) throw new AppError('loginFailed')
    // Not a failure after all; the login itself is recorded when its session opens.
    await dropAttempt(db, attemptId)
    // A frozen account may still log in and look; only closed ones may not.
    if (user.status === 'closed') throw new AppError('accountAbnormal')
    return ok(await finishFirstStep(db, user, meta, key))
  })

  async function liveChallenge(challengeId: string) {
    const row = await challengeOf(db, challengeId)
    if (
      !row ||
      row.used_at ||
      new Date(row.expires_at).getTime() <= Date.now() ||
      row.attempts >= CHALLENGE_TRIES
    )
      throw new AppError('challengeExpired')
    return { row, user: await getUser(db, row.user_id) }
  }

  for (const channel of ['sms', 'email'] as const) {
    const path = channel === 'sms' ? '/login/sendSmsCodeBeforeLogin' : '/login/sendEmailCodeBeforeLogin'
    app.post(path, strictLimit(ctx), async (req) => {
      const { challengeId, ticket } = parse(loginChallengeSchema, req.body)
      const { user } = await liveChallenge(challengeId)
      const target = channel === 'sms' ? user.phone : user.email
      if (!target || !(channel === 'sms' ? user.sms_verify : user.email_verify))
        throw new AppError('channelNotBound')
      await spendTicket(db, ticket)
      await sendCode(ctx, channel, target, 'login')
      return ok(null)
    })
  }

  app.post('/user/loginConfirm', strictLimit(ctx), async (req) => {
    const body = parse(loginConfirmSchema, req.body)
    const { row, user } = await liveChallenge(body.challengeId)
    // Each try takes its place in the count before its codes are checked, in one conditional
    // update (as /user/login records the failure first): parallel wrong codes get CHALLENGE_TRIES
    // checks in all, not that many plus those in flight. A right code ends the challenge below.
    const tried = await tryChallenge(db, row.id, CHALLENGE_TRIES)
    if (!tried) throw new AppError('challengeExpired')
    if (user.sms_verify) await consumeCode(db, 'login', user.phone ?? '', body.smsCode ?? '')
    if (user.email_verify) await consumeCode(db, 'login', user.email ?? '', body.emailCode ?? '')
    if (user.google_verify) await checkGoogle(db, user, body.googleCode ?? '')
    const used = await endChallenge(db, row.id)
    if (!used) throw new AppError('challengeExpired')
    return ok(await openSession(db, user, clientMeta(req), user.email ?? user.phone ?? ''))
  })

  app.post('/user/logout', { preHandler: requireUser }, async (req) => {
    const me = currentUser(req)
    await revokeSession(db, me.id, me.sessionId)
    return ok(null)
  })

  // Says which checks a reset needs; the app suppresses this call's error toast and shows it inline.
  app.post('/user/forgetPasswordAttempt', strictLimit(ctx), async (req) => {
    const body = parse(accountSchema, req.body)
    const user = await findByAccount(db, accountKey(body.account, body.countryCode))
    if (!user) throw new AppError('accountNotFound')
    return ok({
      sms: user.phone !== null,
      email: user.email !== null,
      google: user.google_verify,
      phoneMasked: maskPhone(user.phone),
      emailMasked: maskEmail(user.email),
    })
  })

  app.post('/user/forgetPassword', strictLimit(ctx), async (req) => {
    const body = parse(forgetPasswordSchema, req.body)
    const user = await findByAccount(db, accountKey(body.account, body.countryCode))
    if (!user) throw new AppError('accountNotFound')
    const target = body.channel === 'sms' ? user.phone : user.email
    if (!target) throw new AppError('channelNotBound')
    await consumeCode(db, 'forget', target, body.code)
    if (user.google_verify) await checkGoogle(db, user, body.googleCode ?? '')
    await updateUser(db, user.id, {
      password_hash: await hashPassword(body.password),
      password_changed_at: new Date(),
    })
    await revokeAllSessions(db, user.id)
    return ok(null)
  })
}
