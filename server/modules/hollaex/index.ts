import type { ModuleManifest } from '../../platform/manifest'
import { hollaexRoutes } from './routes'

/**
 * The HollaEx-compatible API (/api/hollaex/v2/..., docs/api.md): what ccxt's `hollaex` class
 * calls, on the spot engine, the spot queries and the one API-key store.
 */
export const hollaexModule: ModuleManifest = {
  name: 'hollaex',
  routes: hollaexRoutes,
}
