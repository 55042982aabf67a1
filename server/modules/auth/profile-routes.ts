import {
  bindEmailSchema,
  bindPhoneSchema,
  getCodeSchema,
  revokeSessionSchema,
  sendEmailCodeSchema,
  sendSmsCodeSchema,
  unbindSchema,
  updateUserInfoSchema,
} from '@common/account/schema'
import { pageQuerySchema } from '@common/validate/schemas'
import type { FastifyInstance } from 'fastify'
import { currentUser, optionalUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { ownUploadCount } from '../../platform/content/uploads'
import { revokeAllSessions, revokeSession } from '../../platform/identity/sessions'
import {
  accountKey,
  findByAccount,
  getUser,
  isUniqueViolation,
  phoneKey,
  type UserRow,
  userDto,
} from '../../platform/identity/users'
import { consumeCode } from '../../platform/verify/codes'
import { spendTicket } from '../../platform/verify/slider'
import { type AuthCtx, sendCode, strictLimit } from './context'
import { bindContact, liveSessions, loginHistoryPage, updateUser } from './repo'

export async function profileRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  app.get('/user/getUserInfo', auth, async (req) =>
    ok(await userDto(db, await getUser(db, currentUser(req).id))),
  )

  app.post('/user/updateUserInfo', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(updateUserInfoSchema, req.body)
    if (body.avatar) {
      if ((await ownUploadCount(db, [body.avatar], me.id)) !== 1) throw new AppError('uploadInvalid')
    }
    const set = {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.avatar !== undefined ? { avatar_upload_id: body.avatar } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
    }
    if (Object.keys(set).length) await updateUser(db, me.id, set)
    return ok(await userDto(db, await getUser(db, me.id)))
  })

  // Codes to one's own phone or e-mail; for purpose 'forget' a visitor names the account.
  app.post('/user/getCode', { ...strictLimit(ctx), preHandler: optionalUser }, async (req) => {
    const body = parse(getCodeSchema, req.body)
    let user: UserRow | undefined
    if (body.purpose === 'forget') {
      if (!body.account)
        throw new AppError('invalidField', { data: { field: 'account', reason: 'invalid_account' } })
      user = await findByAccount(db, accountKey(body.account, body.countryCode))
      if (!user) throw new AppError('accountNotFound')
    } else {
      if (!req.user) throw new AppError('invalidSession')
      user = await getUser(db, req.user.id)
    }
    const target = body.channel === 'sms' ? user.phone : user.email
    if (!target) throw new AppError('channelNotBound')
    await spendTicket(db, body.ticket)
    await sendCode(ctx, body.channel, target, body.purpose)
    return ok(null)
  })

  app.post('/user/sendBindEmailCode', { ...strictLimit(ctx), preHandler: requireUser }, async (req) => {
    const me = await getUser(db, currentUser(req).id)
    const { email, ticket } = parse(sendEmailCodeSchema, req.body)
    if (me.email) throw new AppError('contactAlreadyBound')
    if (await findByAccount(db, email)) throw new AppError('emailTaken')
    await spendTicket(db, ticket)
    await sendCode(ctx, 'email', email, 'bind')
    return ok(null)
  })

  app.post('/user/sendBindSmsCode', { ...strictLimit(ctx), preHandler: requireUser }, async (req) => {
    const me = await getUser(db, currentUser(req).id)
    const { countryCode, phone, ticket } = parse(sendSmsCodeSchema, req.body)
    const key = phoneKey(countryCode, phone)
    if (me.phone) throw new AppError('contactAlreadyBound')
    if (await findByAccount(db, key)) throw new AppError('phoneTaken')
    await spendTicket(db, ticket)
    await sendCode(ctx, 'sms', key, 'bind')
    return ok(null)
  })

  app.post('/user/bindEmail', auth, async (req) => {
    const me = await getUser(db, currentUser(req).id)
    const { email, code } = parse(bindEmailSchema, req.body)
    if (me.email) throw new AppError('contactAlreadyBound')
    await consumeCode(db, 'bind', email, code)
    try {
      await bindContact(db, me.id, { email })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('emailTaken')
      throw err
    }
    return ok(await userDto(db, await getUser(db, me.id)))
  })

  app.post('/user/bindPhone', auth, async (req) => {
    const me = await getUser(db, currentUser(req).id)
    const body = parse(bindPhoneSchema, req.body)
    const key = phoneKey(body.countryCode, body.phone)
    if (me.phone) throw new AppError('contactAlreadyBound')
    await consumeCode(db, 'bind', key, body.code)
    try {
      await bindContact(db, me.id, { phone: key, phone_country: body.countryCode })
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('phoneTaken')
      throw err
    }
    return ok(await userDto(db, await getUser(db, me.id)))
  })

  // Unbinding proves control of the address being removed; one contact always stays, and its
  // login check goes with it.
  for (const channel of ['email', 'phone'] as const) {
    app.post(channel === 'email' ? '/user/unbindEmail' : '/user/unbindPhone', auth, async (req) => {
      const me = await getUser(db, currentUser(req).id)
      const { code } = parse(unbindSchema, req.body)
      const target = channel === 'email' ? me.email : me.phone
      const other = channel === 'email' ? me.phone : me.email
      if (!target) throw new AppError('channelNotBound')
      if (!other) throw new AppError('keepOneContact')
      await consumeCode(db, 'unbind', target, code)
      await updateUser(
        db,
        me.id,
        channel === 'email'
          ? { email: null, email_verify: false }
          : { phone: null, phone_country: null, sms_verify: false },
      )
      return ok(await userDto(db, await getUser(db, me.id)))
    })
  }

  app.get('/user/sessions', auth, async (req) => {
    const me = currentUser(req)
    const rows = await liveSessions(db, me.id)
    return ok(
      rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.user_agent,
        createdAt: new Date(r.created_at).getTime(),
        lastSeenAt: new Date(r.last_seen_at).getTime(),
        current: r.id === me.sessionId,
      })),
    )
  })

  app.post('/user/sessions/revoke', auth, async (req) => {
    const me = currentUser(req)
    const { id } = parse(revokeSessionSchema, req.body)
    if (!(await revokeSession(db, me.id, id))) throw new AppError('notFound')
    return ok(null)
  })

  // Logout of all devices: every session (this one included) and every API key end.
  app.post('/user/sessions/revoke-all', auth, async (req) => {
    await revokeAllSessions(db, currentUser(req).id)
    return ok(null)
  })

  app.get('/user/loginHistory', auth, async (req) => {
    const me = currentUser(req)
    const { rows, hasMore } = await loginHistoryPage(db, me.id, parse(pageQuerySchema, req.query))
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.user_agent,
        success: r.success,
        at: new Date(r.created_at).getTime(),
      })),
      hasMore,
    })
  })
}
