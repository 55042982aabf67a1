import { symbolSchema } from '@common/market/schema'
import { round } from '@common/money/decimal'
import { idString, positiveDecimal } from '@common/spot/schema'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { parse } from '../../http/validate'
import { indexHealth } from '../../market/index-health'
import type { ModuleDeps } from '../../platform/module-deps'
import { roundById } from './round-repo'
import { optionService, restartOptionService } from './service'
import { roundToWire } from './wire'

const secSchema = v.pipe(v.number(), v.integer(), v.minValue(0))
const tickSchema = v.object({ symbol: symbolSchema, price: positiveDecimal, sec: v.optional(secSchema) })
const clockSchema = v.object({ offsetMs: v.pipe(v.number(), v.integer()) })
const settleSchema = v.object({ roundId: v.optional(idString) })

/**
 * Test hooks, registered only when NODE_ENV is not "production":
 * - POST /api/dev/option/tick {symbol, price, sec?}: records an index tick at a second (default now);
 * - POST /api/dev/option/clock {offsetMs}: shifts the options clock (rounds, cut-offs, settlement);
 * - POST /api/dev/option/settle {roundId?}: runs the settlement pass now (or of one round);
 * - POST /api/dev/option/restart: drops the in-process service, as a server restart would.
 */
export async function optionDevRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market } = deps

  app.post('/dev/option/tick', async (req) => {
    const { symbol, price, sec } = parse(tickSchema, req.body)
    const inst = market.instrument(symbol)
    if (!inst) throw new AppError('unknownSymbol')
    // A live index is recorded only from its sources, never by hand.
    if (indexHealth(market).mode === 'live') throw new AppError('forbidden')
    const svc = optionService(db)
    const s = sec ?? Math.floor(svc.now() / 1000)
    const p = round(price, inst.price_precision, 'half-up')
    await svc.recordTicks([{ symbol, sec: s, price: p, ts: s * 1000 + 500 }])
    return ok({ symbol, sec: s, price: p })
  })

  app.post('/dev/option/clock', async (req) => {
    const { offsetMs } = parse(clockSchema, req.body)
    optionService(db).offsetMs = offsetMs
    return ok({ now: optionService(db).now() })
  })

  app.post('/dev/option/settle', async (req) => {
    const { roundId } = parse(settleSchema, req.body ?? {})
    const svc = optionService(db)
    if (roundId) {
      const r = await svc.settleRound(roundId)
      const row = await roundById(db, roundId)
      return ok({ settled: r, round: row ? roundToWire(row) : null })
    }
    return ok({ rounds: await svc.settleDue(app.log) })
  })

  app.post('/dev/option/restart', async () => {
    const old = optionService(db)
    const svc = restartOptionService(db)
    svc.offsetMs = old.offsetMs
    svc.attachMarket(market)
    svc.onSettled = old.onSettled
    svc.onNotifyFailed = old.onNotifyFailed
    await svc.init()
    return ok({ restarted: true })
  })
}
