import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { collectProcessMetrics, registry } from './registry'

export interface MetricsServer {
  port: number
  close(): Promise<void>
}

interface Log {
  info(o: unknown, m?: string): void
  warn(o: unknown, m?: string): void
}

/**
 * `GET /metrics` on its own port (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless told), never
 * on the app port. Port 0 asks the system for a free port (tests); main.ts treats METRICS_PORT=0
 * as "off". A port that is taken is logged and the process runs on without metrics.
 */
export async function startMetricsServer(opts: {
  port: number
  host: string
  log?: Log
  labels?: Record<string, string>
}): Promise<MetricsServer | null> {
  collectProcessMetrics()
  if (opts.labels) registry.setDefaultLabels(opts.labels)
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end('not found\n')
      return
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err) => {
        opts.log?.warn({ err }, 'metrics: collection failed')
        res.writeHead(500).end('metrics collection failed\n')
      },
    )
  })
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      opts.log?.warn({ err }, `metrics: cannot listen on ${opts.host}:${opts.port}; running without /metrics`)
      resolve(false)
    })
    server.listen(opts.port, opts.host, () => resolve(true))
  })
  if (!ok) return null
  const port = (server.address() as AddressInfo).port
  opts.log?.info(`metrics on http://${opts.host}:${port}/metrics`)
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
