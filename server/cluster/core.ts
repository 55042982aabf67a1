import Fastify from 'fastify'
import type { Config } from '../config'
import { migrate, openDb } from '../db/db'
import { ContractMarketMakers } from '../market/contract-makers'
import { MarketMakers } from '../market/market-makers'
import { openMarket } from '../market/start'
import { C2cJobs } from '../modules/c2c/jobs'
import { c2cService } from '../modules/c2c/service'
import { ContractJobs } from '../modules/contract/jobs'
import { contractService } from '../modules/contract/service'
import { EarnJobs } from '../modules/earn/jobs'
import { earnService } from '../modules/earn/service'
import { EtfJobs } from '../modules/etf/jobs'
import { etfService } from '../modules/etf/service'
import { InviteJobs } from '../modules/invite/jobs'
import { inviteService } from '../modules/invite/service'
import { LoanJobs } from '../modules/loan/jobs'
import { loanService } from '../modules/loan/service'
import { OptionJobs } from '../modules/option/jobs'
import { providePorts } from '../modules/provide-ports'
import { PushJobs } from '../modules/push/jobs'
import { spotService } from '../modules/spot/service'
import { announceFirstAdmin } from '../platform/staff/first-admin'
import { CommandServer } from './bus'
import { bridgeControl } from './control'
import { coreHandlers } from './core-handlers'
import { EventPublisher } from './events'
import { PublishingFeed, RemoteIndexFeed } from './index-feed'
import { LockConnection } from './locks'
import { Ownership } from './ownership'
import { connectRedis, K, setClusterName } from './redis'
import { CONTRACT_UNIT, leaderUnit, marketUnits } from './shares'

/** Leader locks of a core besides the market units: the index feed and each scheduler. */
const INDEX = 'index'
const SCHEDULERS = ['loan-jobs', 'c2c-jobs', 'invite-jobs', 'earn-jobs', 'etf-jobs', 'option-jobs'] as const

interface Stoppable {
  stop(): unknown
}

/**
 * ROLE=core: matching engines of the markets it owns, the index feed and the schedulers it
 * leads, commands from the gateways, events to them; HTTP only for /health. Order of start:
 * the database and market data, the engines loaded (every book, so any unit can be adopted
 * quickly), then the lock connection and the ownership passes.
 */
export async function runCore(config: Config): Promise<void> {
  // Health and ownership for operators and the cluster script; nothing else is served by a core.
  const health = Fastify({ logger: { level: config.logLevel, base: { role: 'core', node: config.nodeId } } })
  const log = health.log
  setClusterName(config.clusterName)
  const databaseUrl = config.databaseUrl as string
  const redisUrl = config.redisUrl as string
  const db = await openDb({ databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  if (applied.length) log.info({ applied }, 'migrations applied')

  let stopping = false
  // First start on an empty database generates the candle history and the first console
  // account (its password printed once): once, whichever core comes first, on a connection
  // not counted as a live core.
  const starting = await LockConnection.open(databaseUrl, config.nodeId, () => undefined, false)
  await starting.lockWait('backfill')
  const { market, backfilled } = await openMarket(db, config)
  await announceFirstAdmin(db, log)
  await starting.close()
  if (backfilled) log.info(backfilled, `candle history: ${backfilled.rows} candles`)
  market.setLog(log)

  const redis = await connectRedis(redisUrl, config.nodeId)
  const sub = redis.duplicate()
  sub.on('error', () => undefined)
  await sub.connect()

  providePorts()
  const spot = spotService(db)
  spot.attachMarket(market)
  await spot.init()
  const contract = contractService(db)
  contract.attachMarket(market)
  await contract.init()
  loanService(db).attachMarket(market)

  const unbridge = await bridgeControl(redis, sub, db, config.nodeId, market)
  // Console changes to instruments and contract settings are made on a gateway: a core reads
  // them again every 2 s (the console updates its own process's copy at once).
  const settings = setInterval(() => {
    void Promise.all([spot.invalidate(), contract.reloadSettings()]).catch((err) =>
      log.warn({ err }, 'settings refresh failed'),
    )
  }, 2000)
  settings.unref()

  // Until this core leads the index, it folds the leader's ticks like a gateway does.
  market.setWriter(false)
  market.start(new RemoteIndexFeed(sub))

  // Opened once the engines are loaded: other cores count this one (and hand it markets) from here.
  const locks = await LockConnection.open(databaseUrl, config.nodeId, (err) => {
    if (stopping) return
    // Our locks are gone with the connection: another core may own our markets by now.
    log.fatal({ err }, 'lost the lock connection: stopping so no market has two owners')
    process.exit(1)
  })
  let ownership: Ownership | null = null
  const owns = (unit: string) => ownership?.owns(unit) ?? false
  // The engine itself refuses a market this core does not own (work queued before a hand-over).
  spot.setOwnership((symbol) => owns(`spot:${symbol}`))
  const server = new CommandServer(
    redis,
    config.nodeId,
    () => ownership?.list() ?? [],
    coreHandlers(spot, contract, market),
    log,
  )
  const events = new EventPublisher(redis, spot, contract, () => {
    const list = ownership?.list() ?? []
    return {
      spot: list.filter((u) => u.startsWith('spot:')).map((u) => u.slice('spot:'.length)),
      contract: owns(CONTRACT_UNIT)
        ? market
            .instruments()
            .filter((i) => i.category === 'perpetual')
            .map((i) => i.symbol)
        : [],
    }
  })
  const makers = new MarketMakers(db, market, spot, { log, owns: (symbol) => owns(`spot:${symbol}`) })
  // Order fills and liquidations are notified by the core that made them; alerts fire once (database).
  const pushJobs = new PushJobs(db, market, spot, log, contract)
  const running: Stoppable[] = []

  const schedulers: Record<(typeof SCHEDULERS)[number], () => Stoppable> = {
    'loan-jobs': () => new LoanJobs(db, loanService(db), log).start(),
    'c2c-jobs': () => new C2cJobs(c2cService(db), log).start(),
    'invite-jobs': () => new InviteJobs(inviteService(db), log).start(),
    'earn-jobs': () => new EarnJobs(db, earnService(db), log).start(),
    'etf-jobs': () => new EtfJobs(etfService(db, market), log).start(),
    'option-jobs': () => new OptionJobs(db, market, log).start(),
  }

  const onAcquire = async (unit: string) => {
    if (unit.startsWith('spot:')) {
      await spot.adopt(unit.slice('spot:'.length))
      await server.prepare(unit)
    } else if (unit === CONTRACT_UNIT) {
      await contract.adopt()
      await server.prepare(unit)
      running.push(new ContractJobs(db, contract, market, log).start())
      const cm = new ContractMarketMakers(db, market, contract, { log })
      cm.start()
      running.push(cm)
    } else if (unit === leaderUnit(INDEX)) {
      // Candles the previous leader had not flushed are rebuilt from the same ticks here.
      market.switchFeed(new PublishingFeed(market.simulatedFeed(), redis))
      market.setWriter(true)
    } else {
      const name = unit.slice('leader:'.length) as (typeof SCHEDULERS)[number]
      const start = schedulers[name]
      if (start) running.push(start())
    }
  }

  ownership = new Ownership(locks, {
    units: () => marketUnits(market.instruments()),
    leaders: [INDEX, ...SCHEDULERS],
    onAcquire,
    releasable: (unit) => unit.startsWith('spot:'),
    onRelease: async (unit) => {
      // Commands already running finish, then whatever the engine has queued (a maker pass):
      // after this the engine refuses the market (setOwnership below).
      await server.drained(unit)
      await spot.settled()
    },
    advertise: async (owned, ttlMs) => {
      const multi = redis.multi()
      for (const u of owned) multi.set(K.owner(u), config.nodeId, { PX: ttlMs })
      await multi.exec()
    },
    log,
  })

  health.get('/health', async () => ({ role: 'core', node: config.nodeId, owned: ownership?.list() ?? [] }))

  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal}: shutting down`)
    await ownership?.stop()
    clearInterval(settings)
    await unbridge()
    await server.stop()
    events.stop()
    await makers.stop()
    for (const r of running) await r.stop()
    await pushJobs.stop()
    await market.stop()
    // Owner hints go first so gateways stop sending here; the locks go with the connection.
    await Promise.allSettled((ownership?.list() ?? []).map((u) => redis.del(K.owner(u))))
    await locks.close()
    await Promise.allSettled([sub.quit(), redis.quit()])
    await health.close()
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await health.listen({ port: config.port, host: config.host })
  events.start()
  await server.start()
  pushJobs.start()
  makers.start()
  ownership.start()
  log.info(`core ${config.nodeId} ready (health on http://localhost:${config.port}/health)`)
}
