import { buildApp } from './app'
import { runCore } from './cluster/core'
import { runGateway } from './cluster/gateway'
import { loadConfig } from './config'
import { migrate, openDb } from './db/db'
import { AlreadyRunningError, holdExclusive } from './db/exclusive'
import { ContractMarketMakers } from './market/contract-makers'
import { MarketMakers } from './market/market-makers'
import { openMarket } from './market/start'
import { C2cJobs } from './modules/c2c/jobs'
import { c2cService } from './modules/c2c/service'
import { ContractJobs } from './modules/contract/jobs'
import { contractService } from './modules/contract/service'
import { EarnJobs } from './modules/earn/jobs'
import { earnService } from './modules/earn/service'
import { EtfJobs } from './modules/etf/jobs'
import { etfService } from './modules/etf/service'
import { InviteJobs } from './modules/invite/jobs'
import { inviteService } from './modules/invite/service'
import { LoanJobs } from './modules/loan/jobs'
import { loanService } from './modules/loan/service'
import { OptionJobs } from './modules/option/jobs'
import { PushJobs } from './modules/push/jobs'
import { spotService } from './modules/spot/service'
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
    app.log.info(backfilled, `candle history: ${backfilled.rows} candles in ${backfilled.ms} ms`)
  // socket.io shares the HTTP server (and port) with the app and API.
  const spot = spotService(db)
  const contract = contractService(db)
  const hub = new RealtimeHub(app.server, { market, db, spot, contract })
  const makers = new MarketMakers(db, market, spot, { log: app.log })
  const contractMakers = new ContractMarketMakers(db, market, contract, { log: app.log })
  const contractJobs = new ContractJobs(db, contract, market, app.log)
  const loanJobs = new LoanJobs(db, loanService(db), app.log)
  const c2cJobs = new C2cJobs(c2cService(db), app.log)
  const inviteJobs = new InviteJobs(inviteService(db), app.log)
  const etfJobs = new EtfJobs(etfService(db, market), app.log)
  const optionJobs = new OptionJobs(db, market, app.log)
  const earnJobs = new EarnJobs(db, earnService(db), app.log)
  const pushJobs = new PushJobs(db, market, spot, app.log, contract).start()
  if (config.redisUrl) await hub.attachRedis(config.redisUrl)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    await makers.stop()
    contractMakers.stop()
    await contractJobs.stop()
    await loanJobs.stop()
    await c2cJobs.stop()
    await inviteJobs.stop()
    await earnJobs.stop()
    await etfJobs.stop()
    await optionJobs.stop()
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
  contractMakers.start()
  contractJobs.start()
  loanJobs.start()
  c2cJobs.start()
  inviteJobs.start()
  earnJobs.start()
  etfJobs.start()
  optionJobs.start()
  app.log.info(
    `exchange ready on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  )
}

main().catch((err) => {
  console.error(err instanceof AlreadyRunningError ? `not started: ${err.message}` : err)
  process.exit(1)
})
