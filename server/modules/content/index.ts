import type { ModuleManifest } from '../../platform/manifest'
import { contentAdminRoutes } from './admin-routes'
import { contentRoutes } from './routes'

/** Articles, notices, banners and clauses. */
export const contentModule: ModuleManifest = {
  name: 'content',
  routes: contentRoutes,
  console: { prefix: '/admin/content', routes: contentAdminRoutes },
}
