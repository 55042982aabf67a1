import type { ModuleManifest } from '../../platform/manifest'
import { authAdminRoutes } from './admin-routes'
import { authRoutes } from './routes'

/** Registration, login, sessions, security settings and identity checks. */
export const authModule: ModuleManifest = {
  name: 'auth',
  routes: authRoutes,
  console: { prefix: '/admin', routes: authAdminRoutes },
}
