import { symbolSchema } from '@common/market/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import type { ModuleDeps } from '../../platform/module-deps'
import { indexStatusOf, marketDataView } from './index-status'

const querySchema = v.object({ symbol: symbolSchema })

/** GET /api/market/index-status?symbol=: whether the instrument's index is current (public). */
export async function indexStatusRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { market } = deps
  app.get('/market/index-status', async (req) => {
    const { symbol } = parse(querySchema, req.query)
    if (!market.instrument(symbol)) throw new AppError('unknownSymbol')
    return ok(indexStatusOf(market, symbol))
  })
}

/** GET /api/admin/market-data: the console's market-data page (read only: sources live in config). */
export async function marketDataAdminRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { market } = deps
  app.get('/', async () => ok(marketDataView(market)))
}
