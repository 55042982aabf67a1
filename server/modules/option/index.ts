import type { ModuleManifest } from '../../platform/manifest'
import { optionDevRoutes } from './dev-routes'
import { OptionJobs } from './jobs'
import { optionRoutes } from './routes'

/** Options: rounds, orders and their settlement at delivery. */
export const optionModule: ModuleManifest = {
  name: 'option',
  routes: optionRoutes,
  dev: optionDevRoutes,
  jobs: [
    { name: OptionJobs.runner, start: ({ db, market, log }) => new OptionJobs(db, market, log).start() },
  ],
}
