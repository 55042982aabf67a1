import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import compress from '@fastify/compress'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import helmet from 'helmet'
import type { Config } from './config'
import type { Db } from './db/db'
import { captureSignedBody } from './http/api-key-auth'
import { installErrorHandler } from './http/error-handler'
import { loggerOptions, requestLogging } from './http/logging'
import { MarketData } from './market/service'
import { engines as engineModules, registerModules } from './modules/index'
import { instrumentHttp } from './platform/metrics/http'
import type { EnginePorts } from './platform/ports/engines'

export interface AppDeps {
  config: Config
  db: Db
  /** Market data; main.ts passes the running one. Without it the app serves stored data only. */
  market?: MarketData
  /** ROLE=gateway: the engines are on the cores (server/cluster). */
  engines?: EnginePorts
}

/** Builds the Fastify instance; main.ts listens on it, tests call app.inject. */
export async function buildApp({ config, db, market: given, engines }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    logController: new LogController({ disableRequestLogging: config.isProduction }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  })
  installErrorHandler(app)
  captureSignedBody(app)
  instrumentHttp(app)
  requestLogging(app, config.isProduction)
  // The route table as registered (method, url): the security sweeps in tests/api/security walk
  // it, so an endpoint is covered the day it is added.
  const routeTable: { method: string; url: string }[] = []
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url })
  })
  app.decorate('routeTable', routeTable)
  // API answers are private unless a route says otherwise (public logos, covers, country list set
  // their own cache-control): no proxy or browser cache may keep them, errors included. An answer
  // to an authenticated request is never cacheable, whatever the route set.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload
    if (req.headers.authorization || !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store')
    return payload
  })
  app.decorate('db', db)
  app.decorateRequest('user', null)

  // Security headers on every answer. Helmet's middleware is built once here: the Fastify plugin
  // built it again for each request, parsing the policy each time (about 3 % of an order's CPU in
  // bench:orders' profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The static shell's one inline script (theme, language) is allowed by its hash only.
        scriptSrc: ["'self'", ...inlineScriptHashes(config.staticDir)],
        // Chart and layout libraries set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  )
  await app.register(compress, { threshold: 1024 })

  const startedAt = Date.now()
  const market = given ?? new MarketData(db)
  if (!given) await market.load()
  // A market's own figures (volume, high, low, last) follow its engine's fills; this process runs
  // the engines and stores them (a gateway follows the cores' copies instead: cluster/gateway.ts).
  if (!engines) {
    market.followTrades(engineModules.spot.local(db), true)
    market.followTrades(engineModules.contract.local(db), true)
  }
  // Rate limits cover the API only: one app start fetches ~100 precached static files.
  await app.register(
    async (api) => {
      await api.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' })
      await registerModules(api, { config, db, startedAt, market, ...(engines ? { engines } : {}) })
    },
    { prefix: '/api' },
  )

  registerStatic(app, config.staticDir)
  return app
}

/** CSP sources for the inline scripts of the built index.html (none when there is no build). */
export function inlineScriptHashes(root: string): string[] {
  const file = path.join(root, 'index.html')
  if (!fs.existsSync(file)) return []
  const html = fs.readFileSync(file, 'utf8')
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
}

/** The built PWA: hashed files are immutable, the shell and worker are always revalidated. */
function registerStatic(app: FastifyInstance, root: string): void {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`no built app in ${root}; run "npm run build" to serve the PWA`)
    return
  }
  app.register(fastifyStatic, {
    root,
    wildcard: true,
    // The build writes .br and .gz copies (scripts/precompress.mjs): a file is compressed once, at
    // the highest level, not again for every request (a CPU the app's visitors share).
    preCompressed: true,
    // Our own cache-control below; the plugin's default would override it.
    cacheControl: false,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      const rel = path.relative(root, filePath).split(path.sep).join('/')
      if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
      else reply.header('cache-control', 'no-cache')
    },
  })
}
