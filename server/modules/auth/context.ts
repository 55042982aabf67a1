import type { FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/db'
import type { CodePurpose } from '../../platform/verify/codes'
import { issueCode } from '../../platform/verify/codes'
import type { Messenger } from '../../platform/verify/messenger'
import { antiPhishingOf } from './repo'

export interface AuthCtx {
  db: Db
  config: Config
  messenger: Messenger
}

/** Route options for the abuse-prone endpoints (login, slider, codes). */
export function strictLimit(ctx: AuthCtx) {
  return { config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } } }
}

export function clientMeta(req: FastifyRequest): { ip: string; userAgent: string } {
  const ua = req.headers['user-agent']
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '' }
}

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: 'to finish registering',
  login: 'to log in',
  forget: 'to reset your password',
  bind: 'to bind this address to your account',
  unbind: 'to unbind it from your account',
  security: 'to confirm a change to your account security',
}

/** Issues a code (send limits apply) and delivers it; e-mails carry the user's anti-phishing code. */
export async function sendCode(
  ctx: AuthCtx,
  channel: 'sms' | 'email',
  target: string,
  purpose: CodePurpose,
): Promise<void> {
  const code = await issueCode(ctx.db, purpose, target, ctx.config.codeDailyLimit)
  const line = `Your ${ctx.config.siteName} verification code is ${code}. Use it within 10 minutes ${PURPOSE_TEXT[purpose]}. Never share it with anyone.`
  // A transport failure becomes the generic 1000 answer; the error handler logs it.
  if (channel === 'sms') return ctx.messenger.sendSms(target, line)
  const antiPhishing = await antiPhishingOf(ctx.db, target)
  const phishing = antiPhishing
    ? `Anti-phishing code: ${antiPhishing}`
    : 'Set an anti-phishing code in the security centre: every e-mail from us will show it.'
  await ctx.messenger.sendEmail(
    target,
    `${ctx.config.siteName} verification code`,
    `${line}\n\n${phishing}\n\nIf you did not ask for this code, ignore this e-mail and consider changing your password.`,
  )
}
