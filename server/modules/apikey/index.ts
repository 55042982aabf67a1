import type { ModuleManifest } from '../../platform/manifest'
import { apiKeyAdminRoutes } from './admin-routes'
import { apiKeyRoutes } from './routes'

/**
 * API keys (issue 37, docs/api.md): the key-management endpoints, the server clock and the
 * console's view of a user's keys. The store and the signature checks are the platform's
 * (server/platform/api-keys); the signed requests reach the existing routes through the session
 * guard (server/http/api-key-auth.ts).
 */
export const apiKeyModule: ModuleManifest = {
  name: 'apikey',
  routes: apiKeyRoutes,
  console: { prefix: '/admin/apikey', routes: apiKeyAdminRoutes },
}
