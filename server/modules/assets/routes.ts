import type { FastifyInstance } from 'fastify'
import type { ModuleDeps } from '../../platform/module-deps'
import type { AssetsCtx } from './context'
import { depositRoutes } from './deposit-routes'
import { assetsDevRoutes } from './dev-routes'
import { exchangeRoutes } from './exchange-routes'
import { walletRoutes } from './wallet-routes'
import { withdrawRoutes } from './withdraw-routes'

/** Assets: balances and records, transfers, deposits, withdrawals, address book, flash exchange. */
export async function assetsRoutes(app: FastifyInstance, opts: ModuleDeps): Promise<void> {
  const ctx: AssetsCtx = { db: opts.db, config: opts.config, market: opts.market }
  await walletRoutes(app, ctx)
  await depositRoutes(app, ctx)
  await withdrawRoutes(app, ctx)
  await exchangeRoutes(app, ctx)
  if (!opts.config.isProduction) await assetsDevRoutes(app, ctx)
  // The console's deposit and withdrawal queues, /api/admin/deposits/* and /api/admin/withdrawals/*.
}
