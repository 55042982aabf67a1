import type { ModuleManifest } from '../../platform/manifest'
import { etfAdminRoutes } from './admin-routes'
import { etfDevRoutes } from './dev-routes'
import { EtfJobs } from './jobs'
import { etfRoutes } from './routes'
import { etfService } from './service'

/** Leveraged tokens: subscriptions, redemptions, rebalancing and the management fee. */
export const etfModule: ModuleManifest = {
  name: 'etf',
  routes: etfRoutes,
  console: { prefix: '/admin/etf', routes: etfAdminRoutes },
  dev: etfDevRoutes,
  jobs: [
    {
      name: EtfJobs.runnerName,
      start: ({ db, market, log }) => new EtfJobs(etfService(db, market), log).start(),
    },
  ],
}
