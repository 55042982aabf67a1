import { buildApp } from '../app'
import type { Config } from '../config'
import { migrate, openDb } from '../db/db'
import { MarketData } from '../market/service'
import { addReadyCheck } from '../platform/health/readiness'
import { startProcessMetrics } from '../platform/metrics/start'
import { RealtimeHub } from '../realtime/hub'
import { CommandClient } from './bus'
import { bridgeControl } from './control'
import { RemoteIndexFeed } from './index-feed'
import { connectRedis, setClusterName } from './redis'
import { remoteEngines } from './remote-engines'

/**
 * ROLE=gateway: the HTTP API, the static app and socket.io, holding no market state. Prices
 * come from the index ticks the leading core publishes (this process never writes candles),
 * use cases that touch a book go to the core owning it, and the cores' events are re-emitted
 * to this gateway's sockets with this gateway's sequence numbers. Any number of gateways can
 * run behind a load balancer.
 */
export async function runGateway(config: Config): Promise<void> {
  setClusterName(config.clusterName)
  const databaseUrl = config.databaseUrl as string
  const redisUrl = config.redisUrl as string
  const db = await openDb({ databaseUrl, dataDir: config.dataDir })
  const applied = await migrate(db)
  // Candle history is the index leader's to generate (a core): a gateway reads what is there.
  const market = new MarketData(db, { seed: config.indexSeed, tickMs: config.indexTickMs })
  await market.load()
  market.setWriter(false)

  const redis = await connectRedis(redisUrl, config.nodeId)
  const sub = redis.duplicate()
  sub.on('error', () => undefined)
  await sub.connect()
  const bus = await CommandClient.open(redis, config.nodeId)
  const engines = await remoteEngines(bus, sub, db, market)
  const unbridge = await bridgeControl(redis, sub, db, config.nodeId, market)

  // The markets' own figures from the cores' fills (the cores store them).
  market.followTrades(engines.spot, false)
  market.followTrades(engines.contract, false)
  const app = await buildApp({ config, db, market, engines })
  market.setLog(app.log)
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  const hub = new RealtimeHub(app.server, { market, db, spot: engines.spot, contract: engines.contract })
  const metrics = await startProcessMetrics(config, { db, market, log: app.log })
  addReadyCheck('gateway', () => (redis.isReady ? null : 'Redis not connected'))

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    await unbridge()
    await hub.close()
    await market.stop()
    await metrics?.close()
    await app.close()
    await bus.close()
    await Promise.allSettled([sub.quit(), redis.quit()])
    await db.destroy()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  market.start(new RemoteIndexFeed(sub))
  app.log.info(`gateway ${config.nodeId} ready on http://localhost:${config.port}`)
}
