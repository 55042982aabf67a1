import type { ModuleManifest } from '../../platform/manifest'
import { assetsAdminRoutes } from './admin-routes'
import { ChainJobs } from './chain/jobs'
import { assetsRoutes } from './routes'

/** Wallets, deposits, withdrawals, transfers and the flash exchange. */
export const assetsModule: ModuleManifest = {
  name: 'assets',
  routes: assetsRoutes,
  console: { prefix: '/admin', routes: assetsAdminRoutes },
  jobs: [{ name: ChainJobs.runner, start: ({ db, log }) => new ChainJobs(db, log).start() }],
}
