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
import { revokeSession } from '../../platform/identity/sessions'
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
      const own = await db
        .selectFrom('upload')
        .select('id')
        .where('id', '=', body.avatar)
        .where('owner_id', '=', me.id)
        .executeTakeFirst()
      if (!own) throw new AppError('uploadInvalid')
    }
    const set = {
      ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
      ...(body.avatar !== undefined ? { avatar_upload_id: body.avatar } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
    }
    if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', me.id).execute()
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
      await db
        .updateTable('users')
        .set({ email })
        .where('id', '=', me.id)
        .where('email', 'is', null)
        .execute()
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
      await db
        .updateTable('users')
        .set({ phone: key, phone_country: body.countryCode })
        .where('id', '=', me.id)
        .where('phone', 'is', null)
        .execute()
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
      await db
        .updateTable('users')
        .set(
          channel === 'email'
            ? { email: null, email_verify: false }
            : { phone: null, phone_country: null, sms_verify: false },
        )
        .where('id', '=', me.id)
        .execute()
      return ok(await userDto(db, await getUser(db, me.id)))
    })
  }

  app.get('/user/sessions', auth, async (req) => {
    const me = currentUser(req)
    const rows = await db
      .selectFrom('user_session')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
      .where('user_id', '=', me.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('last_seen_at', 'desc')
      .execute()
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

  app.get('/user/loginHistory', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(pageQuerySchema, req.query)
    const rows = await db
      .selectFrom('login_attempt')
      .select(['id', 'ip', 'user_agent', 'success', 'created_at'])
      .where('user_id', '=', me.id)
      .orderBy('id', 'desc')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    return ok({
      list: rows.slice(0, size).map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.user_agent,
        success: r.success,
        at: new Date(r.created_at).getTime(),
      })),
      hasMore: rows.length > size,
    })
  })
}
