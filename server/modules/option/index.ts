import type { ModuleManifest } from '../../platform/manifest'
import { optionAdminRoutes } from './admin-routes'
import { optionDevRoutes } from './dev-routes'
import { OptionJobs } from './jobs'
import { optionRoutes } from './routes'

/** Options: rounds, orders and their settlement at delivery. */
export const optionModule: ModuleManifest = {
  name: 'option',
  routes: optionRoutes,
  console: { prefix: '/admin/option', routes: optionAdminRoutes },
  dev: optionDevRoutes,
  jobs: [
    { name: OptionJobs.runner, start: ({ db, market, log }) => new OptionJobs(db, market, log).start() },
  ],
}
