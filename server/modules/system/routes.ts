import { logoParamsSchema } from '@common/system/schema'
import type { Release } from '@common/system/types'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { readiness } from '../../platform/health/readiness'
import { countryList } from '../../platform/identity/countries'
import type { ModuleDeps } from '../../platform/module-deps'
import { CODE_RE, coinLogoSvg, PLATFORM_LOGO_SVG } from './logo'
import { coinColors, logoColorOf, newestRelease, otherBaseColors, ping } from './repo'

export async function systemRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  const { db } = opts

  app.get('/health', { config: { rateLimit: false } }, async () => {
    await ping(db)
    return ok({ status: 'ok', uptimeSeconds: Math.round((Date.now() - opts.startedAt) / 1000) })
  })

  // Readiness for load balancers: 503 until migrations, role and schedulers are in place.
  app.get('/ready', { config: { rateLimit: false } }, async (_req, reply) => {
    const report = await readiness(db)
    return reply.status(report.ready ? 200 : 503).send(ok(report))
  })

  app.get('/getCountryList', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=86400')
    return ok(countryList())
  })

  app.get('/getNewestVersion', async () => {
    const row = await newestRelease(db)
    return ok<Release>({
      version: row.version,
      notes: row.notes,
      downloadUrl: row.download_url,
      forceUpdate: row.force_update,
      publishedAt: new Date(row.published_at).getTime(),
    })
  })

  app.get('/index/logo', async () => {
    const assets = await coinColors(db)
    const map: Record<string, string> = { platform: '/api/logo/platform.svg' }
    // The fragment is the colour the server draws in (see common/market/logo.ts): the app draws
    // the same badge in HTML instead of fetching one SVG document per coin.
    const drawn = (code: string, color: string) => `/api/logo/${code}.svg#${color.slice(1)}`
    for (const a of assets) map[a.code] = drawn(a.code, a.color)
    // Metals, stocks and currencies have logos too (drawn from the instrument's colour).
    // (Coins are assets: a disabled coin stays out of the map.)
    const bases = await otherBaseColors(db)
    for (const b of bases) map[b.base] = drawn(b.base, b.logo_color)
    return ok(map)
  })

  // Logos are small, cached images a market list asks for by the dozen: not rate limited.
  app.get('/logo/:file', { config: { rateLimit: false } }, async (req, reply) => {
    const { file } = parse(logoParamsSchema, req.params)
    const code = file.slice(0, -4).toUpperCase()
    let svg: string
    if (code === 'PLATFORM') svg = PLATFORM_LOGO_SVG
    else {
      if (!CODE_RE.test(code)) throw new AppError('notFound')
      const asset = await logoColorOf(db, code)
      if (!asset) throw new AppError('notFound')
      svg = coinLogoSvg(asset.code, asset.color)
    }
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400')
    return svg
  })
}
