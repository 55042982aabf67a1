import Fastify from 'fastify'
import type { Config } from '../config'
import { migrate, openDb } from '../db/db'
import { loggerOptions } from '../http/logging'
import { openMarket } from '../market/start'
import { engines, manifests, providePorts } from '../modules/index'
import { addReadyCheck, readiness } from '../platform/health/readiness'
import type { RunContext, Stoppable } from '../platform/manifest'
import { provideOwnedUnits } from '../platform/metrics/collectors'
import { startProcessMetrics } from '../platform/metrics/start'
import { announceFirstAdmin } from '../platform/staff/first-admin'
import { CommandServer } from './bus'
import { bridgeControl } from './control'
import { coreHandlers } from './core-handlers'
import { EventPublisher } from './events'
import { PublishingFeed, RemoteIndexFeed } from './index-feed'
import { LockConnection } from './locks'
import { Ownership } from './ownership'
import { connectRedis, K, setClusterName } from './redis'
import { CONTRACT_UNIT, leaderUnit, marketUnits, spotUnit } from './shares'

/** Leader locks of a core besides the market units: the index feed and each module's schedulers. */
const INDEX = 'index'
const schedulers = new Map(manifests.flatMap((m) => m.jobs ?? []).map((job) => [job.name, job]))

/**
 * ROLE=core: matching engines of the markets it owns, the index feed and the schedulers it
 * leads, commands from the gateways, events to them; HTTP only for /api/health and /api/ready. Order of start:
 * the database and market data, the engines loaded (every book, so any unit can be adopted
 * quickly), then the lock connection and the ownership passes.
 */
export async function runCore(config: Config): Promise<void> {
  // Health and ownership for operators and the cluster script; nothing else is served by a core.
  const health = Fastify({ logger: loggerOptions(config, { base: { role: 'core', node: config.nodeId } }) })
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
  if (backfilled)
    log.info(backfilled, `index history (demo simulator, not trades here): ${backfilled.rows} candles`)
  market.setLog(log)

  const redis = await connectRedis(redisUrl, config.nodeId)
  const sub = redis.duplicate()
  sub.on('error', () => undefined)
  await sub.connect()

  providePorts()
  const ctx: RunContext = { db, market, log }
  const metrics = await startProcessMetrics(config, { db, market, log })
  const spot = engines.spot.local(db)
  spot.attachMarket(market)
  await spot.init()
  const contract = engines.contract.local(db)
  contract.attachMarket(market)
  await contract.init()
  // The owned markets' own figures (volume, high, low, last) from this core's fills, stored here.
  market.followTrades(spot, true)
  market.followTrades(contract, true)
  // No routes run here: the modules' services get the market data themselves.
  for (const m of manifests) m.attach?.(ctx)

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
    coreHandlers(spot, engines.contract.port(db), market),
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
  // Spot market makers quote the markets this core owns; they start with the command server.
  let makers: Stoppable[] = []
  // Order fills and liquidations are notified by the core that made them; alerts fire once (database).
  let followers: Stoppable[] = []
  const running: Stoppable[] = []

  const onAcquire = async (unit: string) => {
    if (unit.startsWith('spot:')) {
      await spot.adopt(unit.slice('spot:'.length))
      await server.prepare(unit)
    } else if (unit === CONTRACT_UNIT) {
      await contract.adopt()
      await server.prepare(unit)
      running.push(...engines.contract.owner(ctx))
    } else if (unit === leaderUnit(INDEX)) {
      // Candles the previous leader had not flushed are rebuilt from the same ticks here.
      market.switchFeed(new PublishingFeed(market.simulatedFeed(), redis))
      market.setWriter(true)
    } else {
      const job = schedulers.get(unit.slice('leader:'.length))
      if (job) running.push(job.start(ctx))
    }
  }

  ownership = new Ownership(locks, {
    units: () => marketUnits(market.instruments()),
    leaders: [INDEX, ...schedulers.keys()],
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

  // Liveness, and readiness once the ownership passes run (the same paths as a gateway's).
  health.get('/api/health', async () => ({
    role: 'core',
    node: config.nodeId,
    owned: ownership?.list() ?? [],
  }))
  health.get('/api/ready', async (_req, reply) => {
    const report = await readiness(db)
    return reply.status(report.ready ? 200 : 503).send(report)
  })
  provideOwnedUnits(() => ownership?.list().length ?? 0)
  let owning = false
  addReadyCheck('core', () => (owning ? null : 'ownership passes not started'))

  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal}: shutting down`)
    await ownership?.stop()
    clearInterval(settings)
    await unbridge()
    await server.stop()
    events.stop()
    for (const m of makers) await m.stop()
    for (const r of running) await r.stop()
    for (const f of followers) await f.stop()
    await market.stop()
    // Owner hints go first so gateways stop sending here; the locks go with the connection.
    await Promise.allSettled((ownership?.list() ?? []).map((u) => redis.del(K.owner(u))))
    await locks.close()
    await Promise.allSettled([sub.quit(), redis.quit()])
    await health.close()
    await metrics?.close()
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await health.listen({ port: config.port, host: config.host })
  events.start()
  await server.start()
  followers = manifests.flatMap((m) => (m.follow ? [m.follow(ctx, { spot, contract })] : []))
  makers = engines.spot.owner(ctx, (symbol) => owns(spotUnit(symbol)))
  ownership.start()
  owning = true
  log.info(
    `core ${config.nodeId} ready (health on http://localhost:${config.port}/api/health; market data: ${config.marketData})`,
  )
}
