import { EXCHANGE_FEE_RATE, EXCHANGE_SPREAD, exchangeQuote, QUOTE_TTL_MS } from '@common/assets/math'
import { exchangeConfirmSchema, exchangeQuoteSchema, statusPageQuerySchema } from '@common/assets/schema'
import { add, cmp, gt, neg, normalize } from '@common/money/decimal'
import type { FastifyInstance } from 'fastify'
import { currentUser, requireUser } from '../../http/auth'
import { ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { parse } from '../../http/validate'
import { postEntry, readBalances } from '../../ledger/ledger'
import { indexPriceUsdt } from '../../platform/market-prices/prices'
import { assertLoanUnlocked } from '../../platform/ports/loan-lock'
import { type AssetsCtx, assetPrecision, checkDecimals, ms, newId, paged } from './context'

const DESK = { holder: 'system', account: 'exchange_desk' } as const

/**
 * Flash exchange between coins of the funding account, against the platform's exchange desk.
 * A quote (index cross rate less a visible spread, then a fee) holds for QUOTE_TTL_MS.
 */
export async function exchangeRoutes(app: FastifyInstance, ctx: AssetsCtx): Promise<void> {
  const { db, market } = ctx
  const auth = { preHandler: requireUser }

  app.post('/assets/exchange/quote', auth, async (req) => {
    const me = currentUser(req)
    const body = parse(exchangeQuoteSchema, req.body)
    const fromDp = await assetPrecision(db, body.from)
    const toDp = await assetPrecision(db, body.to)
    checkDecimals(body.amount, fromDp, 'amount', body.from)
    const fromPrice = indexPriceUsdt(market, body.from)
    const toPrice = indexPriceUsdt(market, body.to)
    if (fromPrice === null || toPrice === null) throw new AppError('noIndexPrice')
    const [held] = await readBalances(db, me.id, { account: 'funding', asset: body.from })
    if (cmp(body.amount, held?.available ?? '0') > 0) throw new AppError('exchangeHeld')
    const q = exchangeQuote(body.amount, fromPrice, toPrice, toDp)
    if (!gt(q.receive, '0')) throw new AppError('exchangeAmount')
    const id = newId()
    const expiresAt = new Date(Date.now() + QUOTE_TTL_MS)
    await db
      .insertInto('exchange_order')
      .values({
        id,
        user_id: me.id,
        from_asset: body.from,
        to_asset: body.to,
        from_amount: body.amount,
        to_amount: q.receive,
        rate: q.rate,
        fee: q.fee,
        expires_at: expiresAt,
      })
      .execute()
    return ok({
      quoteId: id,
      from: body.from,
      to: body.to,
      amount: body.amount,
      rate: q.rate,
      fee: q.fee,
      receive: q.receive,
      spread: EXCHANGE_SPREAD,
      feeRate: EXCHANGE_FEE_RATE,
      expiresAt: expiresAt.getTime(),
    })
  })

  app.post('/assets/exchange/confirm', auth, async (req) => {
    const me = currentUser(req)
    const { quoteId } = parse(exchangeConfirmSchema, req.body)
    const done = await db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, me.id)
      const o = await trx
        .selectFrom('exchange_order')
        .selectAll()
        .where('id', '=', quoteId)
        .where('user_id', '=', me.id)
        .forUpdate()
        .executeTakeFirst()
      if (!o) throw new AppError('notFound')
      if (o.status !== 'quoted' || new Date(o.expires_at).getTime() <= Date.now())
        throw new AppError('quoteExpired')
      const amount = normalize(o.from_amount)
      const receive = normalize(o.to_amount)
      const fee = normalize(o.fee)
      await assertLoanUnlocked(trx, me.id, o.from_asset, amount)
      try {
        await postEntry(trx, {
          reason: 'exchange',
          refType: 'exchange',
          refId: o.id,
          actorId: me.id,
          postings: [
            {
              holder: me.id,
              account: 'funding',
              asset: o.from_asset,
              bucket: 'available',
              amount: neg(amount),
            },
            { ...DESK, asset: o.from_asset, bucket: 'available', amount },
            { ...DESK, asset: o.to_asset, bucket: 'available', amount: neg(add(receive, fee)) },
            { holder: me.id, account: 'funding', asset: o.to_asset, bucket: 'available', amount: receive },
            { holder: 'system', account: 'fees', asset: o.to_asset, bucket: 'available', amount: fee },
          ],
        })
      } catch (err) {
        if (err instanceof AppError && err.code === 1200) throw new AppError('exchangeHeld')
        throw err
      }
      await trx
        .updateTable('exchange_order')
        .set({ status: 'done', done_at: new Date() })
        .where('id', '=', o.id)
        .execute()
      return { id: o.id, from: o.from_asset, to: o.to_asset, amount, receive, fee }
    })
    return ok(done)
  })

  app.get('/assets/exchange/records', auth, async (req) => {
    const me = currentUser(req)
    const { page, size } = parse(statusPageQuerySchema, req.query)
    const rows = await db
      .selectFrom('exchange_order')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('status', '=', 'done')
      .orderBy('done_at', 'desc')
      .orderBy('id')
      .limit(size + 1)
      .offset((page - 1) * size)
      .execute()
    return ok(
      paged(rows, size, (r) => ({
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
