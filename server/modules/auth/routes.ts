import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../platform/module-deps'
import { createMessenger } from '../../platform/verify/messenger'
import type { AuthCtx } from './context'
import { devRoutes } from './dev-routes'
import { identityRoutes } from './identity-routes'
import { loginRoutes } from './login-routes'
import { profileRoutes } from './profile-routes'
import { registerRoutes } from './register-routes'
import { securityRoutes } from './security-routes'
import { walletRoutes } from './wallet-routes'

/** Accounts and security: registration, login, second factor, security centre, identity. */
export async function authRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  const ctx: AuthCtx = { db: opts.db, config: opts.config, messenger: createMessenger(opts.config, app.log) }
  await registerRoutes(app, ctx)
  await loginRoutes(app, ctx)
  await profileRoutes(app, ctx)
  await securityRoutes(app, ctx)
  await identityRoutes(app, ctx)
  await walletRoutes(app, ctx)
  if (!opts.config.isProduction) await devRoutes(app, ctx)
  // The console's identity review and user management, /api/admin/identity/* and /api/admin/users/*.
}
