import * as v from 'valibot'
import { symbolSchema } from '../market/schema'
import { amountSchema, langSchema } from '../validate/schemas'

/** Request schemas and wire types of Web Push and price alerts, shared by server and forms. */

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/

/** A push service endpoint: https, or http on localhost (tests and local push services). */
export const endpointSchema = v.pipe(
  v.string('invalid_endpoint'),
  v.maxLength(1024, 'invalid_endpoint'),
  v.check((s) => {
    try {
      const u = new URL(s)
      if (u.protocol === 'https:') return true
      return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1')
    } catch {
      return false
    }
  }, 'invalid_endpoint'),
)

/**
 * The browser's PushSubscription.toJSON(), and the app language its pushes are written in
 * (without it, the request's `lang` header).
 */
export const subscribeSchema = v.object({
  endpoint: endpointSchema,
  lang: v.optional(langSchema),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    // An uncompressed P-256 point (65 bytes -> 87 characters) and a 16-byte secret (22 characters).
    p256dh: v.pipe(v.string('invalid_key'), v.regex(B64URL, 'invalid_key'), v.length(87, 'invalid_key')),
    auth: v.pipe(v.string('invalid_key'), v.regex(B64URL, 'invalid_key'), v.length(22, 'invalid_key')),
  }),
})
export type SubscribeInput = v.InferOutput<typeof subscribeSchema>

export const unsubscribeSchema = v.object({ endpoint: endpointSchema })

export const PUSH_TYPES = ['priceAlert', 'orderFill', 'notice'] as const
export type PushType = (typeof PUSH_TYPES)[number]

export const prefsSchema = v.object({
  priceAlert: v.optional(v.boolean('invalid_pref')),
  orderFill: v.optional(v.boolean('invalid_pref')),
  notice: v.optional(v.boolean('invalid_pref')),
})

export const ALERT_KINDS = ['above', 'below', 'move'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** The most alerts one user may have waiting at a time. */
export const MAX_ACTIVE_ALERTS = 50

/** `value`: the price for above/below, the percent move (0.1-99) for move. */
export const alertCreateSchema = v.pipe(
  v.object({
    symbol: symbolSchema,
    kind: v.picklist(ALERT_KINDS, 'invalid_kind'),
    value: amountSchema,
  }),
  v.forward(
    v.check((a) => a.kind !== 'move' || (Number(a.value) >= 0.1 && Number(a.value) <= 99), 'invalid_percent'),
    ['value'],
  ),
)
export type AlertCreateInput = v.InferOutput<typeof alertCreateSchema>

export const alertIdSchema = v.object({
  id: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'),
  ),
})

/** Wire types. */
export interface PushPrefs {
  priceAlert: boolean
  orderFill: boolean
  notice: boolean
}

export interface PriceAlert {
  id: string
  symbol: string
  kind: AlertKind
  value: string
  /** The price when the alert was created. */
  basePrice: string
  status: 'active' | 'fired'
  firedPrice: string | null
  createdAt: number
  firedAt: number | null
}

/** What the service worker receives (kept under 3 KB). */
export interface PushPayload {
  title: string
  body: string
  icon?: string
  tag?: string
  url?: string
}
