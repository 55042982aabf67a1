import * as v from 'valibot'
import { codeSchema } from '../validate/schemas'
import { boundedText, requiredReason } from '../validate/strict'

/**
 * API keys (docs/api.md): request schemas and wire types, shared by the server (every body is
 * parsed with these), the security centre's key screen and the console.
 */

/** What a key may do. `read` is always granted; `withdraw` needs a non-empty IP allowlist. */
export const API_KEY_SCOPES = ['read', 'spot:trade', 'contract:trade', 'withdraw'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]
export const API_KEY_TYPES = ['hmac', 'ed25519'] as const
export type ApiKeyType = (typeof API_KEY_TYPES)[number]

/** Live keys one user may hold. */
export const API_KEY_CAP = 30
/** Entries of one key's IP allowlist. */
export const API_KEY_IPS_MAX = 20
export const API_KEY_LABEL_MAX = 40

/** The signed request's receive window (ms): default and ceiling. */
export const RECV_WINDOW_DEFAULT = 5000
export const RECV_WINDOW_MAX = 60_000

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const IPV6 = /^[0-9a-fA-F:.]{2,45}$/

function isIpv6(s: string): boolean {
  if (!IPV6.test(s) || !s.includes(':')) return false
  const doubles = s.split('::').length - 1
  if (doubles > 1) return false
  const parts = s.split(':')
  const last = parts[parts.length - 1] ?? ''
  const tailV4 = last.includes('.')
  if (tailV4 && !IPV4.test(last)) return false
  const groups = parts.filter((p, i) => p !== '' && !(tailV4 && i === parts.length - 1))
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false
  const count = groups.length + (tailV4 ? 2 : 0)
  return doubles === 1 ? count < 8 : count === 8
}

/** One allowlist entry: an IPv4 or IPv6 address, or a CIDR block of either (`10.0.0.0/24`). */
export function isIpOrCidr(s: string): boolean {
  const [addr = '', prefix, extra] = s.split('/')
  if (extra !== undefined) return false
  const v4 = IPV4.test(addr)
  if (!v4 && !isIpv6(addr)) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (v4 ? 32 : 128)
}

const labelSchema = v.pipe(
  v.string('invalid_label'),
  v.trim(),
  v.minLength(1, 'invalid_label'),
  v.maxLength(API_KEY_LABEL_MAX, 'invalid_label'),
)
const scopesSchema = v.pipe(
  v.array(v.picklist(API_KEY_SCOPES, 'invalid_scope'), 'invalid_scope'),
  v.maxLength(API_KEY_SCOPES.length, 'invalid_scope'),
)
const ipsSchema = v.pipe(
  v.array(v.pipe(v.string('invalid_ip'), v.trim(), v.check(isIpOrCidr, 'invalid_ip')), 'invalid_ip'),
  v.maxLength(API_KEY_IPS_MAX, 'too_many_ips'),
)
const code6 = codeSchema(6)
const idSchema = v.pipe(v.string('invalid_id'), v.regex(/^[0-9a-f-]{36}$/, 'invalid_id'))
/** An Ed25519 public key: 32 bytes in base64 or hex, or a PEM/base64 SPKI. */
const publicKeySchema = v.pipe(
  v.string('invalid_public_key'),
  v.trim(),
  v.maxLength(400, 'invalid_public_key'),
)

const secondFactor = {
  googleCode: v.optional(code6),
  emailCode: v.optional(code6),
  smsCode: v.optional(code6),
}

export const apiKeyCreateSchema = v.object({
  label: labelSchema,
  scopes: v.optional(scopesSchema, ['read']),
  ips: v.optional(ipsSchema, []),
  type: v.picklist(API_KEY_TYPES, 'invalid_key_type'),
  publicKey: v.optional(publicKeySchema),
  ...secondFactor,
})
export type ApiKeyCreateInput = v.InferOutput<typeof apiKeyCreateSchema>

export const apiKeyUpdateSchema = v.object({
  id: idSchema,
  label: v.optional(labelSchema),
  scopes: v.optional(scopesSchema),
  ips: v.optional(ipsSchema),
  ...secondFactor,
})
export type ApiKeyUpdateInput = v.InferOutput<typeof apiKeyUpdateSchema>

export const apiKeyIdSchema = v.object({ id: idSchema })

/** Console: a user's keys, and revoking one with a reason. */
export const apiKeyUserSchema = v.object({
  userId: boundedText(64, 'invalid_id', 1),
})
export const apiKeyAdminRevokeSchema = v.object({
  userId: apiKeyUserSchema.entries.userId,
  id: idSchema,
  reason: requiredReason,
})

/** `read` always, each scope once, in the catalogue's order. */
export function normalizeScopes(scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  const set = new Set<ApiKeyScope>(['read', ...scopes])
  return API_KEY_SCOPES.filter((s) => set.has(s))
}

/** A key as its owner and the console see it: never a secret. */
export interface ApiKeyView {
  id: string
  apiKey: string
  label: string
  type: ApiKeyType
  scopes: ApiKeyScope[]
  ips: string[]
  createdAt: number
  lastUsedAt: number | null
  revokedAt: number | null
  revokedReason: string | null
}

/** The create answer: the HMAC secret appears here once and never again. */
export interface ApiKeyCreated {
  id: string
  apiKey: string
  secret?: string
}
