import type { ModuleManifest } from '../../platform/manifest'
import { systemRoutes } from './routes'

/** Health, version, server time, countries and logos. */
export const systemModule: ModuleManifest = { name: 'system', routes: systemRoutes }
