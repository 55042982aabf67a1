import type { ModuleManifest } from '../../platform/manifest'
import { earnAdminRoutes } from './admin-routes'
import { earnDevRoutes } from './dev-routes'
import { EarnJobs } from './jobs'
import { earnRoutes } from './routes'
import { earnService } from './service'

/** Staking and launch subscriptions. */
export const earnModule: ModuleManifest = {
  name: 'earn',
  routes: earnRoutes,
  console: { prefix: '/admin/earn', routes: earnAdminRoutes },
  dev: earnDevRoutes,
  jobs: [{ name: EarnJobs.runner, start: ({ db, log }) => new EarnJobs(db, earnService(db), log).start() }],
}
