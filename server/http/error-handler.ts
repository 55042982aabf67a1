import { ERRORS } from '@common/api/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { fail } from './envelope'
import { AppError } from './errors'

/**
 * One place turns every failure into an answer. Domain errors keep HTTP 200 with their code;
 * transport-level failures keep their status (413, 429...). Internals never reach the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(200).send(fail(error))

    const status = error.statusCode ?? 500
    if (status === 429) {
      return reply.status(429).send(fail(new AppError('tooManyRequests')))
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_PARTS_LIMIT') {
      return reply.status(413).send(fail(new AppError('fileTooLarge')))
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, ...: the client's fault, said without internals.
      return reply.status(200).send(fail(new AppError('badRequest')))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send({ code: ERRORS.internal.code, msg: ERRORS.internal.en, data: null, key: ERRORS.internal.key })
  })

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(
        fail(new AppError('notFound', { msg: `No route ${request.method} ${request.url.split('?')[0]}` })),
      )
  })
}
