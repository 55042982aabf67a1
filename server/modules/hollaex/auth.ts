import type { ApiKeyScope } from '@common/apikey/schema'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/db'
import {
  chargeKeyRate,
  checkIp,
  type KeyPrincipal,
  requireScope,
  verifyHmac,
} from '../../platform/api-keys/index'
import { HollaexError } from './errors'

/**
 * HollaEx's request signing, as ccxt's `hollaex` class signs (its `sign()`): headers `api-key`,
 * `api-expires` (a Unix time in seconds) and `api-signature`, the HMAC-SHA256 hex, under the
 * key's secret, of `METHOD + path + api-expires + body`, where path is the request path after the
 * surface's base (`/v2/order?order_id=7`) and body the raw JSON body of a POST ('' otherwise).
 * The keys, their secrets, scopes and allowlists are the exchange's one key store
 * (server/platform/api-keys).
 */

/** How far ahead `api-expires` may be (s): a signed request is good for a minute at most. */
export const MAX_EXPIRES_AHEAD_S = 60

/** The string a HollaEx request signs. */
export const hollaexSigningInput = (method: string, path: string, expires: string, body: string): string =>
  `${method.toUpperCase()}${path}${expires}${body}`

/**
 * The `api-expires` check: an integer of seconds, not past, at most 60 s ahead. Within that
 * minute a request can be sent again as it is (ccxt signs to the second, so two equal calls in
 * one second carry one signature): the surface keeps no replay cache (docs/api.md).
 */
export function checkExpires(expires: string, now: number): void {
  if (!/^\d{1,12}$/.test(expires))
    throw new HollaexError(400, 'Invalid token: api-expires is not a Unix time')
  const at = Number(expires) * 1000
  if (at <= now) throw new HollaexError(403, 'API request is expired')
  if (at - now > MAX_EXPIRES_AHEAD_S * 1000)
    throw new HollaexError(
      403,
      `API request is expired: api-expires may be at most ${MAX_EXPIRES_AHEAD_S} s in the future`,
    )
}

const principals = new WeakMap<FastifyRequest, KeyPrincipal>()

/** Who the key of a verified request acts for. */
export function keyOf(req: FastifyRequest): KeyPrincipal {
  const p = principals.get(req)
  if (!p) throw new HollaexError(401, 'Invalid token')
  return p
}

const header = (req: FastifyRequest, name: string) => {
  const h = req.headers[name]
  return typeof h === 'string' ? h : undefined
}

/** The raw body of a request as received (set by the surface's JSON parser). */
export const rawBodies = new WeakMap<FastifyRequest, string>()

/**
 * preHandler of a private route: the signature, the key (live, its owner active), the caller's
 * address against the key's allowlist, the route's scope, then the key's rate limit (with the
 * x-ratelimit-* headers; 429 and Retry-After beyond it).
 */
export function requireHollaexKey(db: Db, base: string, scope: ApiKeyScope) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const apiKey = header(req, 'api-key')
    const expires = header(req, 'api-expires')
    const signature = header(req, 'api-signature')
    if (!apiKey || !expires || !signature)
      throw new HollaexError(401, 'Invalid token: api-key, api-expires and api-signature are required')
    checkExpires(expires, Date.now())
    const path = req.url.startsWith(base) ? req.url.slice(base.length) : req.url
    const body = req.method === 'POST' ? (rawBodies.get(req) ?? '') : ''
    const p = await verifyHmac(db, apiKey, hollaexSigningInput(req.method, path, expires, body), signature)
    await checkIp(db, p, req.ip)
    requireScope(p, scope)
    if (chargeKeyRate(p.keyId, reply)) throw new HollaexError(429, 'Too many requests')
    principals.set(req, p)
  }
}
