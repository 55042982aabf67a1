import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../../config'

/** One message that left (or would have left) the platform. */
export interface OutboxMessage {
  channel: 'sms' | 'email'
  to: string
  subject: string
  text: string
  at: number
}

export interface Messenger {
  sendEmail(to: string, subject: string, text: string): Promise<void>
  sendSms(to: string, text: string): Promise<void>
}

const OUTBOX_MAX = 1000
const outbox: OutboxMessage[] = []

/**
 * Messages kept by the development outbox (when no SMTP_URL / SMS_WEBHOOK_URL is set), newest
 * last. Tests read codes here; the HTTP view of it exists only outside production.
 */
export function outboxMessages(to?: string): OutboxMessage[] {
  return to ? outbox.filter((m) => m.to === to.toLowerCase()) : [...outbox]
}

/** The newest six-digit code sent to `to`, if any. */
export function lastCodeSentTo(to: string): string | null {
  const list = outboxMessages(to)
  const m = list.length ? /\b(\d{6})\b/.exec(list[list.length - 1]?.text ?? '') : null
  return m?.[1] ?? null
}

function keep(log: FastifyBaseLogger, msg: OutboxMessage): void {
  outbox.push(msg)
  if (outbox.length > OUTBOX_MAX) outbox.splice(0, outbox.length - OUTBOX_MAX)
  // In production the text (a verification code) stays out of the log; development shows it.
  const shown = process.env.NODE_ENV === 'production' ? '' : `: ${msg.text.split('\n')[0]}`
  log.info({ outbox: msg }, `outbox ${msg.channel} to ${msg.to}${shown}`)
}

/** E-mail through SMTP when configured, SMS through a webhook when configured, else the outbox. */
export function createMessenger(config: Config, log: FastifyBaseLogger): Messenger {
  const mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null
  return {
    async sendEmail(to, subject, text) {
      if (!mailer) return keep(log, { channel: 'email', to: to.toLowerCase(), subject, text, at: Date.now() })
      await mailer.sendMail({ from: config.mailFrom, to, subject, text })
    },
    async sendSms(to, text) {
      if (!config.smsWebhookUrl) return keep(log, { channel: 'sms', to, subject: '', text, at: Date.now() })
      const res = await fetch(config.smsWebhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`)
    },
  }
}
