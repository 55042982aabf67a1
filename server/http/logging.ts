import type { FastifyInstance, FastifyServerOptions } from 'fastify'

/**
 * Log options of every process (docs/operations.md, "Logs"): JSON lines, readable through
 * pino-pretty when stdout is a terminal; secrets redacted wherever they sit in a logged object;
 * in production, request logs at debug (errors keep their request id: `reqId` on every line).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-api-signature"]',
  'res.headers["set-cookie"]',
  // The development outbox's message (it holds verification codes).
  'outbox.text',
  ...[
    'password',
    'newPassword',
    'oldPassword',
    'token',
    'secret',
    'apiSecret',
    'privateKey',
    'otp',
    'mnemonic',
  ].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
]

export function loggerOptions(
  config: { logLevel: string },
  opts: { base?: Record<string, string>; pretty?: boolean } = {},
): NonNullable<FastifyServerOptions['logger']> {
  const pretty = opts.pretty ?? Boolean(process.stdout.isTTY)
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(opts.base ? { base: opts.base } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  }
}

/** Production: Fastify's own request lines off, one line per request at debug instead. */
export function requestLogging(app: FastifyInstance, production: boolean): void {
  if (!production) return
  app.addHook('onResponse', (req, reply, done) => {
    req.log.debug(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request completed',
    )
    done()
  })
}
