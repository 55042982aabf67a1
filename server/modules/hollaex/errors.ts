import { ERRORS, type ErrorName } from '@common/api/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../../http/errors'

/*
 * Errors of the HollaEx-compatible surface: HollaEx's `{ message }` with an HTTP status, in the
 * words ccxt's `hollaex` class matches to its exception classes (its `exceptions.broad`):
 * "Invalid token" -> AuthenticationError, "API request is expired" -> InvalidNonce, "Order not
 * found" -> OrderNotFound, "Insufficient balance" -> InsufficientFunds, the post-only refusal ->
 * OrderImmediatelyFillable; by status, 403 -> AuthenticationError, 400/404 -> BadRequest, 500 ->
 * NetworkError.
 */

export const POST_ONLY_REFUSED =
  'Error 1001 - Order rejected. Order could not be submitted as this order was set to a post only order.'

/** An error answered in HollaEx's words (the surface's own refusals). */
export class HollaexError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const byName: Partial<Record<ErrorName, [status: number, prefix: string]>> = {
  apiKeyInvalid: [401, 'Invalid token'],
  apiKeySignatureInvalid: [401, 'Invalid token'],
  apiKeyRevoked: [401, 'Invalid token'],
  accountAbnormal: [403, 'Access denied'],
  apiKeyIpDenied: [403, 'Access denied'],
  apiKeyScopeMissing: [403, 'Access denied'],
  apiKeyRouteDenied: [403, 'Access denied'],
  insufficientBalance: [400, 'Insufficient balance'],
  orderNotFound: [404, 'Order not found'],
  orderNotOpen: [404, 'Order not found'],
  tooManyRequests: [429, 'Too many requests'],
}

/** The HollaEx answer of an error (status and message). */
export function hollaexAnswer(error: unknown): { status: number; message: string } {
  if (error instanceof HollaexError) return { status: error.status, message: error.message }
  if (error instanceof AppError) {
    const name = nameOf(error.code)
    if (name === 'postOnlyWouldTake') return { status: 400, message: POST_ONLY_REFUSED }
    const mapped = name ? byName[name] : undefined
    if (mapped) {
      const [status, prefix] = mapped
      return {
        status,
        message: error.message.startsWith(prefix) ? error.message : `${prefix}: ${error.message}`,
      }
    }
    return { status: 400, message: `Error ${error.code} - ${error.message}` }
  }
  const status = (error as FastifyError).statusCode ?? 500
  if (status === 429) return { status, message: 'Too many requests' }
  if (status >= 400 && status < 500) return { status: 400, message: 'Bad request' }
  return { status: 500, message: 'Internal error' }
}

const names = new Map<number, ErrorName>(
  (Object.entries(ERRORS) as [ErrorName, { code: number }][]).map(([name, e]) => [e.code, name]),
)
const nameOf = (code: number) => names.get(code)

/** The surface's error and not-found answers (its own plugin scope only). */
export function installHollaexErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
    const a = hollaexAnswer(error)
    if (a.status >= 500) req.log.error({ err: error }, 'unhandled error')
    return reply.status(a.status).send({ message: a.message })
  })
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ message: `No route ${req.method} ${req.url.split('?')[0]}` }),
  )
}
