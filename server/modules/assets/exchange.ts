import { EXCHANGE_FEE_RATE, EXCHANGE_SPREAD, exchangeQuote, QUOTE_TTL_MS } from '@common/assets/math'
import { add, cmp, gt, neg, normalize } from '@common/money/decimal'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { postEntry, readBalances } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { indexPriceUsdt } from '../../platform/market-prices/prices'
import { assertLoanUnlocked } from '../../platform/ports/loan-lock'
import { assetPrecision, checkDecimals, newId } from './context'
import { insertQuote, lockQuote, markExchanged } from './wallet-repo'

const DESK = { holder: 'system', account: 'exchange_desk' } as const

/**
 * A flash exchange quote between coins of the funding account, against the platform's exchange
 * desk: the index cross rate less a visible spread, then a fee; it holds for QUOTE_TTL_MS.
 */
export async function quoteExchange(
  db: Db,
  market: MarketData,
  userId: string,
  body: { from: string; to: string; amount: string },
) {
  const fromDp = await assetPrecision(db, body.from)
  const toDp = await assetPrecision(db, body.to)
  checkDecimals(body.amount, fromDp, 'amount', body.from)
  const fromPrice = indexPriceUsdt(market, body.from)
  const toPrice = indexPriceUsdt(market, body.to)
  if (fromPrice === null || toPrice === null) throw new AppError('noIndexPrice')
  const [held] = await readBalances(db, userId, { account: 'funding', asset: body.from })
  if (cmp(body.amount, held?.available ?? '0') > 0) throw new AppError('exchangeHeld')
  const q = exchangeQuote(body.amount, fromPrice, toPrice, toDp)
  if (!gt(q.receive, '0')) throw new AppError('exchangeAmount')
  const id = newId()
  const expiresAt = new Date(Date.now() + QUOTE_TTL_MS)
  await insertQuote(db, {
    id,
    user_id: userId,
    from_asset: body.from,
    to_asset: body.to,
    from_amount: body.amount,
    to_amount: q.receive,
    rate: q.rate,
    fee: q.fee,
    expires_at: expiresAt,
  })
  return {
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
  }
}

/** Carries out a quote still fresh, once: the desk takes one coin and pays the other, less the fee. */
export async function confirmExchange(db: Db, userId: string, quoteId: string) {
  return db.transaction().execute(async (trx) => {
    await assertCanMoveFunds(trx, userId)
    const o = await lockQuote(trx, quoteId, userId)
    if (!o) throw new AppError('notFound')
    if (o.status !== 'quoted' || new Date(o.expires_at).getTime() <= Date.now())
      throw new AppError('quoteExpired')
    const amount = normalize(o.from_amount)
    const receive = normalize(o.to_amount)
    const fee = normalize(o.fee)
    await assertLoanUnlocked(trx, userId, o.from_asset, amount)
    try {
      await postEntry(trx, {
        reason: 'exchange',
        refType: 'exchange',
        refId: o.id,
        actorId: userId,
        postings: [
          {
            holder: userId,
            account: 'funding',
            asset: o.from_asset,
            bucket: 'available',
            amount: neg(amount),
          },
          { ...DESK, asset: o.from_asset, bucket: 'available', amount },
          { ...DESK, asset: o.to_asset, bucket: 'available', amount: neg(add(receive, fee)) },
          { holder: userId, account: 'funding', asset: o.to_asset, bucket: 'available', amount: receive },
          { holder: 'system', account: 'fees', asset: o.to_asset, bucket: 'available', amount: fee },
        ],
      })
    } catch (err) {
      if (err instanceof AppError && err.code === 1200) throw new AppError('exchangeHeld')
      throw err
    }
    await markExchanged(trx, o.id)
    return { id: o.id, from: o.from_asset, to: o.to_asset, amount, receive, fee }
  })
}
