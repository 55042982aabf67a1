import type { ModuleManifest } from '../../platform/manifest'
import { contentRoutes } from './routes'

/** Articles, notices, banners and clauses. */
export const contentModule: ModuleManifest = { name: 'content', routes: contentRoutes }
