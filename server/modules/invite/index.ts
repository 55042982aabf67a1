import type { ModuleManifest } from '../../platform/manifest'
import { feeRates } from '../../platform/ports/fee-rates'
import { inviteAdminRoutes } from './admin-routes'
import { inviteDevRoutes } from './dev-routes'
import { InviteJobs } from './jobs'
import { inviteRoutes } from './routes'
import { inviteService, vipFeeRates } from './service'

/** Invitations, commissions and VIP tiers (whose fee rates the trading engines ask). */
export const inviteModule: ModuleManifest = {
  name: 'invite',
  routes: inviteRoutes,
  console: { prefix: '/admin/invite', routes: inviteAdminRoutes },
  dev: inviteDevRoutes,
  provide: () => feeRates.provide(vipFeeRates),
  jobs: [{ name: InviteJobs.runner, start: ({ db, log }) => new InviteJobs(inviteService(db), log).start() }],
}
