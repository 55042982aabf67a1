import { buildApp } from './app'
import { loadConfig } from './config'
import { migrate, openDb } from './db/db'
import { AlreadyRunningError, holdExclusive } from './db/exclusive'
import { MarketMakers } from './market/market-makers'
import { openMarket } from './market/start'
import { announceFirstAdmin } from './modules/admin/first-admin'
import { PushJobs } from './modules/push/jobs'
import { spotService } from './modules/spot/service'
import { RealtimeHub } from './realtime/hub'

async function main(): Promise<void> {
  const config = loadConfig()
  const exclusive = await holdExclusive({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  const { market, backfilled } = await openMarket(db, config)
  const app = await buildApp({ config, db, market })
  market.setLog(app.log)
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  await announceFirstAdmin(db, app.log)
  if (backfilled)
    app.log.info(backfilled, `candle history: ${backfilled.rows} candles in ${backfilled.ms} ms`)
  // socket.io shares the HTTP server (and port) with the app and API.
  const spot = spotService(db)
  const hub = new RealtimeHub(app.server, { market, db, spot })
  const makers = new MarketMakers(db, market, spot, { log: app.log })
  const pushJobs = new PushJobs(db, market, spot, app.log).start()
  if (config.redisUrl) await hub.attachRedis(config.redisUrl)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    await makers.stop()
    await pushJobs.stop()
    await hub.close()
    await market.stop()
    await app.close()
    await db.destroy()
    await exclusive.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  market.start()
  makers.start()
  app.log.info(
    `exchange ready on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  )
}

main().catch((err) => {
  console.error(err instanceof AlreadyRunningError ? `not started: ${err.message}` : err)
  process.exit(1)
})
