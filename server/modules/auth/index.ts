import type { ModuleManifest } from '../../platform/manifest'
import { authRoutes } from './routes'

/** Registration, login, sessions, security settings and identity checks. */
export const authModule: ModuleManifest = { name: 'auth', routes: authRoutes }
