import type { ModuleManifest } from '../../platform/manifest'
import { adminRoutes } from './routes'

/** The console's own pages: staff, users, audit, approvals and the work queues. */
export const adminModule: ModuleManifest = { name: 'admin', routes: adminRoutes }
