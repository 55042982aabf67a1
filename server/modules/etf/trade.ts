import { redeemQuote, subscribeQuote } from '@common/etf/nav'
import type { EtfOrder, EtfRedeemInput, EtfSubscribeInput } from '@common/etf/schema'
import { gt, isZero, lt, normalize } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { move, postEntry } from '../../ledger/ledger'
import type { EtfCtx } from './context'
import { desk, FEES, holderKey, USDT } from './desk'
import * as repo from './repo'

/**
 * Subscribe and redeem at NAV, through the ledger against the desk. Each order is one transaction
 * that locks the product row first, so a close and an order never interleave.
 */
export class EtfTrade {
  constructor(private readonly etf: EtfCtx) {}

  async subscribe(userId: string, input: EtfSubscribeInput): Promise<EtfOrder> {
    await this.etf.seedDesk()
    return this.etf.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const r = await repo.productOf(trx, input.product, true)
      const nav = this.tradable(r)
      if (lt(input.amount, r.min_amount))
        throw new AppError('belowMinimum', {
          msg: `Trading amount below the minimum (${normalize(r.min_amount)} USDT)`,
          data: { field: 'amount', reason: 'below_minimum', min: normalize(r.min_amount) },
        })
      const { fee, units } = subscribeQuote(input.amount, nav, normalize(r.subscribe_fee))
      if (isZero(units)) throw new AppError('etfTooSmall')
      const order = await repo.insertOrder(trx, {
        holder: userId,
        product: r.code,
        side: 'subscribe',
        amount: input.amount,
        units,
        nav,
        fee,
      })
      await postEntry(trx, {
        reason: 'etf_subscribe',
        refType: 'etf_order',
        refId: order.id,
        actorId: userId,
        postings: [
          ...move(holderKey(userId, USDT), desk(USDT), input.amount),
          ...move(desk(USDT), FEES, fee),
          ...move(desk(r.code), holderKey(userId, r.code), units),
        ],
      })
      return order
    })
  }

  async redeem(userId: string, input: EtfRedeemInput): Promise<EtfOrder> {
    await this.etf.seedDesk()
    return this.etf.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const r = await repo.productOf(trx, input.product, true)
      const nav = this.tradable(r)
      const q = redeemQuote(input.units, nav, normalize(r.redeem_fee))
      if (!gt(q.paid, '0')) throw new AppError('etfTooSmall')
      const order = await repo.insertOrder(trx, {
        holder: userId,
        product: r.code,
        side: 'redeem',
        amount: q.paid,
        units: input.units,
        nav,
        fee: q.fee,
      })
      await postEntry(trx, {
        reason: 'etf_redeem',
        refType: 'etf_order',
        refId: order.id,
        actorId: userId,
        postings: [
          ...move(holderKey(userId, r.code), desk(r.code), input.units),
          ...move(desk(USDT), holderKey(userId, USDT), q.paid),
          ...move(desk(USDT), FEES, q.fee),
        ],
      })
      return order
    })
  }

  /** The NAV an order trades at, or the reason it cannot trade. */
  private tradable(r: repo.ProductRow): string {
    if (r.status === 'closed') throw new AppError('etfClosed')
    if (r.status === 'paused') throw new AppError('etfPaused')
    const nav = this.etf.pricing.navOf(r)
    if (nav === null || isZero(nav)) throw new AppError('etfNoPrice')
    return nav
  }
}
