import { exchangeConfirmSchema, exchangeQuoteSchema, statusPageQuerySchema } from '@common/assets/schema'
import { normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'
import { type AssetsCtx, feed, ms } from './context'
import { confirmExchange, quoteExchange } from './exchange'
import { exchangesPage } from './wallet-repo'

/**
 * Flash exchange between coins of the funding account, against the platform's exchange desk
 * (exchange.ts). A quote (index cross rate less a visible spread, then a fee) holds for QUOTE_TTL_MS.
 */
export async function exchangeRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db, market } = ctx
  const auth = { preHandler: requireUser }

  app.post('/assets/exchange/quote', auth, async (req) =>
    ok(await quoteExchange(db, market, currentUser(req).id, parse(exchangeQuoteSchema, req.body))),
  )

  app.post('/assets/exchange/confirm', auth, async (req) => {
    const { quoteId } = parse(exchangeConfirmSchema, req.body)
    return ok(await confirmExchange(db, currentUser(req).id, quoteId))
  })

  app.get('/assets/exchange/records', auth, async (req) => {
    const page = await exchangesPage(db, currentUser(req).id, parse(statusPageQuerySchema, req.query))
    return ok(
      feed(page, (r) => ({
        id: r.id,
        from: r.from_asset,
        to: r.to_asset,
        amount: normalize(r.from_amount),
        receive: normalize(r.to_amount),
        rate: normalize(r.rate),
        fee: normalize(r.fee),
        at: ms(r.done_at),
      })),
    )
  })
}
