import {
  antiPhishingSchema,
  googleCodeSchema,
  setTradePasswordSchema,
  toggleVerifySchema,
  updatePasswordSchema,
} from '@common/account/schema'
import type { SecurityHome } from '@common/account/types'
import type { FastifyInstance } from 'fastify'
import QRCode from 'qrcode'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { revokeUserKeys } from '../../platform/api-keys/index'
import { hashPassword, verifyPassword } from '../../platform/identity/passwords'
import { revokeAllSessions } from '../../platform/identity/sessions'
import { getUser, maskEmail, maskPhone, type UserRow } from '../../platform/identity/users'
import { checkGoogle, proveChannel } from '../../platform/verify/second-factor'
import { newTotpSecret, otpauthUri, verifyTotp } from '../../platform/verify/totp'
import type { AuthCtx } from './context'
import { advancedStatusOf } from './identity-repo'
import { bindTotp, updateUser } from './repo'

export async function securityRoutes(app: FastifyInstance, ctx: AuthCtx): Promise<void> {
  const { db } = ctx
  const auth = { preHandler: requireUser }

  async function requirePassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.password_hash, password))) throw new AppError('oldPasswordWrong')
  }

  const switches = (u: UserRow) => ({
    sms: u.sms_verify,
    email: u.email_verify,
    google: u.google_verify,
    smsAvailable: u.phone !== null,
    emailAvailable: u.email !== null,
    googleAvailable: u.totp_secret !== null,
  })

  app.get('/user/security/home', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const advanced = await advancedStatusOf(db, u.id)
    return ok<SecurityHome>({
      phoneMasked: maskPhone(u.phone),
      emailMasked: maskEmail(u.email),
      hasTradePassword: u.trade_password_hash !== null,
      googleBound: u.totp_secret !== null,
      antiPhishing: u.anti_phishing !== null,
      passwordChangedAt: new Date(u.password_changed_at).getTime(),
      identity: { basic: advanced !== undefined, advanced: advanced ?? 'none' },
      ...switches(u),
    })
  })

  app.get('/user/switchSecondVerify', auth, async (req) =>
    ok(switches(await getUser(db, currentUser(req).id))),
  )

  // Changing the login password ends every session, this one included.
  app.post('/safe/updatePassword', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const body = parse(updatePasswordSchema, req.body)
    await requirePassword(u, body.oldPassword)
    if (body.password === body.oldPassword) throw new AppError('samePassword')
    await updateUser(db, u.id, {
      password_hash: await hashPassword(body.password),
      password_changed_at: new Date(),
    })
    await revokeAllSessions(db, u.id)
    return ok(null)
  })

  app.post('/safe/setOrResetPaypwd', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const body = parse(setTradePasswordSchema, req.body)
    await proveChannel(db, u, body.type, body.code)
    await updateUser(db, u.id, { trade_password_hash: await hashPassword(body.tradePassword) })
    return ok(null)
  })

  app.get('/user/getGoogleToken', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    if (u.totp_secret) throw new AppError('googleAlreadyBound')
    const secret = newTotpSecret()
    await updateUser(db, u.id, { totp_pending_secret: secret })
    const uri = otpauthUri(secret, u.email ?? u.phone ?? String(u.uid), ctx.config.siteName)
    const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 })
    return ok({ secret, uri, qr })
  })

  app.post('/user/bindGoogleToken', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const body = parse(googleCodeSchema, req.body)
    if (u.totp_secret) throw new AppError('googleAlreadyBound')
    await requirePassword(u, body.password)
    if (!u.totp_pending_secret) throw new AppError('googleNotBound')
    const step = verifyTotp(u.totp_pending_secret, body.googleCode, Date.now())
    if (step === null) throw new AppError('googleCodeInvalid')
    await bindTotp(db, u.id, u.totp_pending_secret, step)
    return ok(null)
  })

  app.post('/user/unbindGoogleToken', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const body = parse(googleCodeSchema, req.body)
    await requirePassword(u, body.password)
    await checkGoogle(db, u, body.googleCode)
    await updateUser(db, u.id, { totp_secret: null, totp_last_step: null, google_verify: false })
    await revokeUserKeys(db, u.id, 'authenticator unbound')
    return ok(null)
  })

  // Turning a login check on or off proves control of that channel with a fresh code.
  for (const on of [true, false]) {
    app.post(on ? '/user/enableSmsEmailGoogle' : '/user/disableSmsEmailGoogle', auth, async (req) => {
      const u = await getUser(db, currentUser(req).id)
      const { type, code } = parse(toggleVerifySchema, req.body)
      if (type === 'google' && !u.totp_secret) throw new AppError('googleNotBound')
      await proveChannel(db, u, type, code)
      const column = type === 'sms' ? 'sms_verify' : type === 'email' ? 'email_verify' : 'google_verify'
      await updateUser(db, u.id, { [column]: on })
      return ok(switches(await getUser(db, u.id)))
    })
  }

  app.post('/user/antiPhishing', auth, async (req) => {
    const u = await getUser(db, currentUser(req).id)
    const body = parse(antiPhishingSchema, req.body)
    await requirePassword(u, body.password)
    await updateUser(db, u.id, { anti_phishing: body.antiPhishing })
    return ok(null)
  })
}
