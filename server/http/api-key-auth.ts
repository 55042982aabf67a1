import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { KeyPrincipal } from '../platform/api-keys/index'
import { chargeKeyRate, verifySignedRequest } from '../platform/api-keys/index'
import { routeScope } from './api-key-routes'
import type { RequestUser } from './auth'
import { AppError } from './errors'

/**
 * The native signed API (docs/api.md): a request carrying X-API-KEY is authenticated by its
 * signature instead of a session, on the routes that accept a key (api-key-routes.ts), by the
 * same guard (requireUser). The raw body is kept for the signature (captureSignedBody).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by an API key. */
    apiKey?: KeyPrincipal
    /** The body as received, for signed requests only. */
    rawBody?: string
  }
}

/** Over this a signed body is refused before it is read (the app's own body limit is 1 MiB). */
const MAX_SIGNED_BODY = 1024 * 1024

export function isKeyRequest(request: FastifyRequest): boolean {
  return typeof request.headers['x-api-key'] === 'string'
}

/**
 * preParsing hook: for requests with X-API-KEY, reads the body once, keeps it as `rawBody` and
 * hands the same bytes on to the parser. Other requests are untouched.
 */
export function captureSignedBody(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isKeyRequest(request)) return payload
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of payload) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      size += b.length
      if (size > MAX_SIGNED_BODY) throw Object.assign(new Error('body too large'), { statusCode: 413 })
      chunks.push(b)
    }
    const body = Buffer.concat(chunks)
    request.rawBody = body.toString('utf8')
    return Readable.from([body])
  })
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name]
  return typeof v === 'string' ? v : undefined
}

/**
 * Authenticates a key request for the route it reached: the route must accept keys (2607), then
 * the signature checks (server/platform/api-keys/verify.ts), then the key's rate limit (429 with
 * Retry-After; x-ratelimit-* on every answer). A key acts as a plain user, never as staff.
 */
export async function authenticateKey(request: FastifyRequest, reply: FastifyReply): Promise<RequestUser> {
  const scope = routeScope(
    request.method,
    request.routeOptions.url,
    (request.routeOptions.config as { apiKeyScope?: unknown } | undefined)?.apiKeyScope,
  )
  if (!scope) throw new AppError('apiKeyRouteDenied')
  const p = await verifySignedRequest(request.server.db, {
    apiKey: header(request, 'x-api-key'),
    timestamp: header(request, 'x-api-timestamp'),
    recvWindow: header(request, 'x-api-recv-window'),
    signature: header(request, 'x-api-signature'),
    method: request.method,
    pathWithQuery: request.url,
    body: request.rawBody ?? '',
    ip: request.ip,
    scope,
  })
  if (chargeKeyRate(p.keyId, reply)) throw Object.assign(new Error('rate limited'), { statusCode: 429 })
  request.apiKey = p
  return { id: p.userId, sessionId: `apikey:${p.keyId}`, role: 'user' }
}
