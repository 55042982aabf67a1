import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../platform/module-deps'
import { consoleGate } from '../platform/staff/duties'
import { adminRoutes } from './admin/routes'
import { assetsRoutes } from './assets/routes'
import { authRoutes } from './auth/routes'
import { c2cDevRoutes } from './c2c/dev-routes'
import { c2cRoutes } from './c2c/routes'
import { contentRoutes } from './content/routes'
import { contractDevRoutes } from './contract/dev-routes'
import { contractRoutes } from './contract/routes'
import { earnDevRoutes } from './earn/dev-routes'
import { earnRoutes } from './earn/routes'
import { etfDevRoutes } from './etf/dev-routes'
import { etfRoutes } from './etf/routes'
import { inviteDevRoutes } from './invite/dev-routes'
import { inviteRoutes } from './invite/routes'
import { loanDevRoutes } from './loan/dev-routes'
import { loanRoutes } from './loan/routes'
import { marketRoutes } from './market/routes'
import { optionDevRoutes } from './option/dev-routes'
import { optionRoutes } from './option/routes'
import { providePorts } from './provide-ports'
import { pushRoutes } from './push/routes'
import { spotDevRoutes } from './spot/dev-routes'
import { spotRoutes } from './spot/routes'
import { supportRoutes } from './support/routes'
import { systemRoutes } from './system/routes'

/** Every API module, registered under /api in this order. One line per product area. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  providePorts()
  // The console's one gate (staff, set up, not a party to the case) before any /api/admin handler.
  api.addHook('preHandler', consoleGate(deps.db))
  await api.register(systemRoutes, deps)
  await api.register(marketRoutes, deps)
  await api.register(authRoutes, deps)
  await api.register(spotRoutes, deps)
  if (!deps.config.isProduction) await api.register(spotDevRoutes, deps)
  await api.register(contractRoutes, deps)
  if (!deps.config.isProduction) await api.register(contractDevRoutes, deps)
  await api.register(etfRoutes, deps)
  if (!deps.config.isProduction) await api.register(etfDevRoutes, deps)
  await api.register(optionRoutes, deps)
  if (!deps.config.isProduction) await api.register(optionDevRoutes, deps)
  await api.register(earnRoutes, deps)
  if (!deps.config.isProduction) await api.register(earnDevRoutes, deps)
  await api.register(loanRoutes, deps)
  if (!deps.config.isProduction) await api.register(loanDevRoutes, deps)
  await api.register(inviteRoutes, deps)
  if (!deps.config.isProduction) await api.register(inviteDevRoutes, deps)
  await api.register(c2cRoutes, deps)
  if (!deps.config.isProduction) await api.register(c2cDevRoutes, deps)
  await api.register(adminRoutes, deps)
  await api.register(assetsRoutes, deps)
  await api.register(contentRoutes, deps)
  await api.register(pushRoutes, deps)
  await api.register(supportRoutes, deps)
}
