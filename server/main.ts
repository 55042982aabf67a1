import { buildApp } from './app'
import { runCore } from './cluster/core'
import { runGateway } from './cluster/gateway'
import { loadConfig } from './config'
import { serveOnlineBackup } from './db/backup'
import { migrate, openDb, pgliteOf } from './db/db'
import { AlreadyRunningError, holdExclusive } from './db/exclusive'
import { openMarket } from './market/start'
import { engines, manifests } from './modules/index'
import { addReadyCheck } from './platform/health/readiness'
import type { RunContext, Stoppable } from './platform/manifest'
import { startProcessMetrics } from './platform/metrics/start'
import { announceFirstAdmin } from './platform/staff/first-admin'
import { RealtimeHub } from './realtime/hub'

async function main(): Promise<void> {
  const config = loadConfig()
  // Cluster roles (docs/operations.md, "Scaling out"); the default `all` below is the single process.
  if (config.role === 'gateway') return runGateway(config)
  if (config.role === 'core') return runCore(config)
  const exclusive = await holdExclusive({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const { market, backfilled } = await openMarket(db, config)
  const app = await buildApp({ config, db, market })
  market.setLog(app.log)
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  await announceFirstAdmin(db, app.log)
  if (backfilled)
    app.log.info(
      backfilled,
      `index history (demo simulator, not trades here): ${backfilled.rows} candles in ${backfilled.ms} ms`,
    )
  // socket.io shares the HTTP server (and port) with the app and API.
  const spot = engines.spot.local(db)
  const contract = engines.contract.local(db)
  const hub = new RealtimeHub(app.server, { market, db, spot, contract })
  const ctx: RunContext = { db, market, log: app.log }
  const metrics = await startProcessMetrics(config, { db, market, log: app.log })
  // PGlite: `npm run backup` asks this process for a consistent snapshot (DATA_DIR/ops.sock).
  const pglite = pgliteOf(db)
  const ops = pglite ? await serveOnlineBackup(config.dataDir, pglite) : null
  let started = false
  addReadyCheck('engines and schedulers', () => (started ? null : 'starting'))
  // What follows the engines' events (notifications) runs from here on; the rest once listening.
  const followers = manifests.flatMap((m) => (m.follow ? [m.follow(ctx, { spot, contract })] : []))
  if (config.redisUrl) await hub.attachRedis(config.redisUrl)

  /** Market makers, the engines' schedulers, then every module's schedulers, in start order. */
  const running: Stoppable[] = []
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    for (const r of running) await r.stop()
    for (const f of followers) await f.stop()
    await hub.close()
    await market.stop()
    await metrics?.close()
    await ops?.close()
    await app.close()
    await db.destroy()
    await exclusive.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  market.start()
  // One process owns every market and runs every scheduler (a cluster splits them: cluster/core.ts).
  running.push(...engines.spot.owner(ctx), ...engines.contract.owner(ctx))
  for (const m of manifests) for (const job of m.jobs ?? []) running.push(job.start(ctx))
  started = true
  app.log.info(
    `exchange ready on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; market data: ${config.marketData === 'demo' ? 'demo, simulated prices' : 'live index'})`,
  )
}

main().catch((err) => {
  console.error(err instanceof AlreadyRunningError ? `not started: ${err.message}` : err)
  process.exit(1)
})
