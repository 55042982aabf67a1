import { type Db, poolOf } from '../../db/db'
import { watchIndex, watchInsuranceFund, watchPool } from './collectors'
import { type MetricsServer, startMetricsServer } from './server'

export interface MetricsConfig {
  /** METRICS_PORT: Prometheus `/metrics` on its own port (default 9464; 0 = off). */
  port: number
  /** METRICS_HOST: interface of the metrics port (default 127.0.0.1). */
  host: string
}

/** The metrics settings from the environment (docs/operations.md, "Metrics"). */
export function metricsConfig(env: NodeJS.ProcessEnv = process.env): MetricsConfig {
  const raw = env.METRICS_PORT?.trim()
  const port = raw ? Number(raw) : 9464
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number (0 = off), got "${raw}"`)
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' }
}

/**
 * A process's metrics (server/main.ts, each cluster role): the `/metrics` port unless
 * METRICS_PORT is 0, and the gauges read at scrape time. Every series carries `role` and `node`.
 */
export async function startProcessMetrics(
  who: { role: string; nodeId: string },
  parts: {
    db: Db
    market: Parameters<typeof watchIndex>[0]
    log: { info(o: unknown, m?: string): void; warn(o: unknown, m?: string): void }
  },
  config: MetricsConfig = metricsConfig(),
): Promise<MetricsServer | null> {
  watchIndex(parts.market)
  watchInsuranceFund(parts.db)
  const pool = poolOf(parts.db)
  if (pool) watchPool(pool)
  if (config.port === 0) return null
  return startMetricsServer({
    port: config.port,
    host: config.host,
    log: parts.log,
    labels: { role: who.role, node: who.nodeId },
  })
}
