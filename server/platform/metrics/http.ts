import type { FastifyInstance } from 'fastify'
import { httpDuration, metricsEnabled } from './registry'

/**
 * HTTP requests into `http_request_duration_seconds{method,route,code}`: the route is the
 * registered pattern (`/api/spot/order/:id`), never the raw URL; anything unrouted is one label.
 * Static files are one label too, so a scanner of random paths adds no series.
 */
export function instrumentHttp(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    if (metricsEnabled()) {
      const pattern = req.routeOptions.url
      const route = pattern === undefined ? 'unmatched' : pattern.startsWith('/api') ? pattern : 'static'
      httpDuration.observe(
        { method: req.method, route, code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      )
    }
    done()
  })
}
