import { symbolSchema } from '@common/market/schema'
import { round, toFixed } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import { positiveDecimal } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { indexHealth } from '../../market/index-health'
import type { ModuleDeps } from '../../platform/module-deps'
import { runFunding } from './funding'
import { contractRisk } from './risk'
import { contractService } from './service'

const indexSchema = v.object({ symbol: symbolSchema, price: positiveDecimal })
const fundingSchema = v.object({ symbol: v.optional(symbolSchema) })

/**
 * Test hooks, registered only when NODE_ENV is not "production" (like spot/dev-routes.ts):
 * - POST /api/dev/market/index {symbol, price}: one index tick into the market data (as the feed
 *   would send it), then (as the scheduler's tick) the house quotes follow it, the liquidation
 *   scan, the TP/SL triggers and the fund's unwind of that symbol, awaited;
 * - POST /api/dev/contract/funding {symbol?}: a funding round now (at the current ms, so it never
 *   collides with a scheduled round), its rate from the current interval's samples so far. The
 *   scheduler's own path (a round at a funding time, paid from the interval that ended there) is
 *   ContractJobs.fundingDue.
 */
export async function contractDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps
  const svc = contractService(db)

  app.post('/dev/market/index', async (req) => {
    const { symbol, price } = parse(indexSchema, req.body)
    const inst = market.instrument(symbol)
    if (!inst) throw new AppError('unknownSymbol')
    // A live index comes only from its sources: nothing sets it by hand, not even in development.
    if (indexHealth(market).mode === 'live') throw new AppError('forbidden')
    const p = round(price, inst.price_precision, 'half-up')
    market.onTicks([
      {
        symbol,
        ts: Date.now(),
        price: toUnits(toFixed(p, inst.price_precision), inst.price_precision),
        volume: 0,
      },
    ])
    let liquidated = 0
    let triggered = 0
    if (inst.category === 'perpetual') {
      const risk = contractRisk(db, svc)
      await svc.followIndex(symbol)
      await risk.refresh()
      liquidated = await risk.scan(symbol)
      triggered = await svc.runTriggers(symbol)
      await svc.unwindFund(symbol)
    }
    return ok({ symbol, price: p, liquidated, triggered })
  })

  app.post('/dev/contract/funding', async (req) => {
    const { symbol } = parse(fundingSchema, req.body)
    await svc.init()
    const list = symbol ? [svc.inst(symbol).symbol] : [...svc.insts.keys()]
    const ts = Date.now()
    const rounds = []
    for (const s of list) {
      const r = await runFunding(svc, s, ts)
      if (r) rounds.push(r)
    }
    return ok(rounds)
  })
}
