import type { PushPayload } from '@common/push/schema'
import webpush from 'web-push'
import type { Db } from '../../db/db'
import type { Vapid } from './vapid'

/** Payloads stay under this many bytes of JSON (push services accept ~4 KB after encryption). */
export const MAX_PAYLOAD_BYTES = 3000
/** How long a push service keeps an undelivered message (seconds). */
export const PUSH_TTL = 3600

/** The payload as JSON, its body shortened until the whole fits in MAX_PAYLOAD_BYTES. */
export function encodePayload(p: PushPayload): string {
  let body = p.body
  let json = JSON.stringify({ ...p, body })
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && body.length > 0) {
    body = `${body.slice(0, Math.max(0, Math.floor(body.length * 0.8) - 1))}…`
    if (body === '…') body = ''
    json = JSON.stringify({ ...p, body })
  }
  return json
}

export interface SendResult {
  sent: number
  removed: number
  failed: number
}

/** One device subscription as stored. */
export interface Subscription {
  id: string
  endpoint: string
  p256dh: string
  auth: string
  /** The app language the device subscribed in. */
  lang: string
}

/** A payload, or one per language (built once per language in a send). */
export type Localized = PushPayload | ((lang: string) => PushPayload)

/** How many requests to push services are in flight at once in one send. */
const CONCURRENCY = 16

/**
 * Sends a payload to devices. The message is encrypted (RFC 8291, aes128gcm) and signed (VAPID)
 * by web-push; the request goes out with fetch so local http endpoints work too. A device whose
 * push service answers 404 or 410 has gone away: its subscription is deleted.
 */
export async function sendToSubscriptions(
  db: Db,
  vapid: Vapid,
  subs: readonly Subscription[],
  payload: Localized,
  opts: { ttl?: number; timeoutMs?: number } = {},
): Promise<SendResult> {
  const encoded = new Map<string, string>()
  const jsonFor = (lang: string) => {
    let json = encoded.get(lang)
    if (json === undefined) {
      json = encodePayload(typeof payload === 'function' ? payload(lang) : payload)
      encoded.set(lang, json)
    }
    return json
  }
  const result: SendResult = { sent: 0, removed: 0, failed: 0 }
  const sendOne = async (s: Subscription) => {
    const req = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      jsonFor(s.lang),
      {
        TTL: opts.ttl ?? PUSH_TTL,
        contentEncoding: 'aes128gcm',
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      },
    )
    try {
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : null,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      })
      await res.arrayBuffer().catch(() => undefined)
      if (res.status === 404 || res.status === 410) {
        await db.deleteFrom('push_subscription').where('id', '=', s.id).execute()
        result.removed++
      } else if (res.ok) result.sent++
      else result.failed++
    } catch {
      result.failed++
    }
  }
  let next = 0
  const worker = async () => {
    while (next < subs.length) await sendOne(subs[next++] as Subscription)
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, subs.length) }, worker))
  return result
}

/** Sends to every device of a user, each in its own language. */
export async function sendToUser(
  db: Db,
  vapid: Vapid,
  userId: string,
  payload: Localized,
  opts: { ttl?: number; timeoutMs?: number } = {},
): Promise<SendResult> {
  const subs = await db
    .selectFrom('push_subscription')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'lang'])
    .where('user_id', '=', userId)
    .execute()
  return sendToSubscriptions(
    db,
    vapid,
    subs.map((s) => ({ ...s, id: String(s.id) })),
    payload,
    opts,
  )
}
