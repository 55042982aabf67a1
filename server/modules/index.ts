import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import { adminRoutes } from './admin/routes'
import { assetsRoutes } from './assets/routes'
import { authRoutes } from './auth/routes'
import { contentRoutes } from './content/routes'
import { marketRoutes } from './market/routes'
import { pushRoutes } from './push/routes'
import { spotDevRoutes } from './spot/dev-routes'
import { spotRoutes } from './spot/routes'
import { systemRoutes } from './system/routes'

export interface ModuleDeps {
  config: Config
  db: Db
  startedAt: number
  market: MarketData
}

/** Every API module, registered under /api in this order. One line per product area. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await api.register(systemRoutes, deps)
  await api.register(marketRoutes, deps)
  await api.register(authRoutes, deps)
  await api.register(spotRoutes, deps)
  if (!deps.config.isProduction) await api.register(spotDevRoutes, deps)
  await api.register(adminRoutes, deps)
  await api.register(assetsRoutes, deps)
  await api.register(contentRoutes, deps)
  await api.register(pushRoutes, deps)
}
