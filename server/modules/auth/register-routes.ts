import { randomUUID } from 'node:crypto'
import {
  registerCommonSchema,
  registerTargetSchema,
  sendEmailCodeSchema,
  sendSmsCodeSchema,
  sliderAnswerSchema,
} from '@common/account/schema'
import { parseLang } from '@common/i18n/languages'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { loadClause } from '../../platform/content/clause'
import { hashPassword } from '../../platform/identity/passwords'
import { createSession } from '../../platform/identity/sessions'
import {
  getUser,
  isUniqueViolation,
  neutralNickname,
  newInviteCode,
  phoneKey,
  userDto,
} from '../../platform/identity/users'
import { consumeCode } from '../../platform/verify/codes'
import { answerChallenge, createChallenge, spendTicket } from '../../platform/verify/slider'
import { type AuthCtx, clientMeta, sendCode, strictLimit } from './context'
import { contactTaken, insertUser, inviterOf, recordLogin } from './repo'

export async function registerRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx

  // No body (or no challengeId): a new challenge. With { challengeId, x }: the answer.
  app.post('/sliderVerify', strictLimit(ctx), async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    if (body.challengeId === undefined) return ok(await createChallenge(db))
    const { challengeId, x } = parse(sliderAnswerSchema, body)
    return ok({ ticket: await answerChallenge(db, challengeId, x) })
  })

  app.get('/login/clause', async (req) => ok(await loadClause(db, parseLang(req.headers.lang))))

  app.post('/register/sendSmsCode', strictLimit(ctx), async (req) => {
    const { countryCode, phone, ticket } = parse(sendSmsCodeSchema, req.body)
    const key = phoneKey(countryCode, phone)
    await spendTicket(db, ticket)
    if (await contactTaken(db, 'phone', key)) throw new AppError('phoneTaken')
    await sendCode(ctx, 'sms', key, 'register')
    return ok(null)
  })

  app.post('/user/register/sendEmailCode', strictLimit(ctx), async (req) => {
    const { email, ticket } = parse(sendEmailCodeSchema, req.body)
    await spendTicket(db, ticket)
    if (await contactTaken(db, 'email', email)) throw new AppError('emailTaken')
    await sendCode(ctx, 'email', email, 'register')
    return ok(null)
  })

  app.post('/user/register', strictLimit(ctx), async (req) => {
    const target = parse(registerTargetSchema, req.body)
    const body = parse(registerCommonSchema, req.body)
    if (body.agree !== true) throw new AppError('termsNotAgreed')
    const phone = target.type === 'phone' ? phoneKey(target.countryCode, target.phone) : null
    const email = target.type === 'email' ? target.email : null
    if (await contactTaken(db, phone ? 'phone' : 'email', (phone ?? email) as string))
      throw new AppError(phone ? 'phoneTaken' : 'emailTaken')
    let referredBy: string | null = null
    if (body.inviteCode) {
      referredBy = await inviterOf(db, body.inviteCode)
      if (!referredBy) throw new AppError('badInviteCode')
    }
    await consumeCode(db, 'register', (phone ?? email) as string, body.code)

    const id = randomUUID()
    const [passwordHash, tradeHash] = await Promise.all([
      hashPassword(body.password),
      hashPassword(body.tradePassword),
    ])
    try {
      await insertUser(db, {
        id,
        phone,
        phone_country: target.type === 'phone' ? target.countryCode : null,
        email,
        password_hash: passwordHash,
        trade_password_hash: tradeHash,
        nickname: neutralNickname(),
        invite_code: newInviteCode(),
        referred_by: referredBy,
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(phone ? 'phoneTaken' : 'emailTaken')
      throw err
    }
    const meta = clientMeta(req)
    const { token } = await createSession(db, id, meta)
    await recordLogin(db, {
      account: (phone ?? email) as string,
      userId: id,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    return ok({ token, user: await userDto(db, await getUser(db, id)) })
  })
}
