import {
  CANCEL_LIMIT,
  checkOrder,
  dayStartUtc8,
  isDemoMerchant,
  orderFigures,
  type PayKind,
  rankAds,
} from '@common/c2c/rules'
import type { C2cOrder } from '@common/c2c/schema'
import { normalize, sub } from '@common/money/decimal'
import { pageWithMore } from '../../db/page'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { checkDecimals } from '../../ledger/precision'
import { approvedIdentityRequired, identityGate } from '../../platform/identity/identity-gate'
import { assertLoanUnlocked } from '../../platform/ports/loan-lock'
import type { After, C2cCore } from './core'
import { freezeEscrow, release, returnEscrow } from './escrow'
import { type OrderRow, traders } from './model'
import type { C2cPayments } from './payments'
import * as repo from './repo'
import { loadOrder, ordersToWire, orderUsesUpload } from './view'

const PAGE = 20

const REFUSAL = {
  zero: 'c2cZero',
  above_left: 'c2cAboveLeft',
  below_min: 'c2cBelowMin',
  above_max: 'c2cAboveMax',
} as const

/**
 * Orders: opening one on an ad (escrow frozen by a sell ad already, or by the taker of a buy ad
 * now), paying, the seller's release, the buyer's cancel and the timeout pass. No timer ever
 * releases.
 */
export class C2cOrders {
  constructor(
    private readonly core: C2cCore,
    private readonly payments: C2cPayments,
  ) {}

  /** One order as a party (or staff, `userId` null) sees it. */
  async get(id: string, userId: string | null): Promise<C2cOrder> {
    return (await loadOrder(this.core.db, id, userId, this.core.now())).wire
  }

  /** The order's row for a party (or staff, `userId` null); anyone else: no such order. */
  async row(id: string, userId: string | null): Promise<OrderRow> {
    return (await loadOrder(this.core.db, id, userId, this.core.now())).row
  }

  /** A picture the order uses (chat, payment proof, evidence, payment code); else not found. */
  async picture(o: OrderRow, upload: string): Promise<{ mime: string; bytes: Uint8Array }> {
    if (!(await orderUsesUpload(this.core.db, o, upload))) throw new AppError('notFound')
    const img = await repo.uploadBytes(this.core.db, upload)
    if (!img) throw new AppError('notFound')
    return img
  }

  async list(userId: string, status: 'open' | 'done' | undefined, page: number) {
    const { db } = this.core
    const { rows, hasMore } = await pageWithMore(repo.ordersOf(db, userId, status), { page, size: PAGE })
    return { list: await ordersToWire(db, rows, userId, this.core.now()), hasMore }
  }

  /** The buyer's cancelled and timed-out orders today (UTC+8): the daily cancel limit counts them. */
  cancelsToday(buyerId: string, db = this.core.db): Promise<number> {
    return repo.cancelsSince(db, buyerId, new Date(dayStartUtc8(this.core.now())))
  }

  async create(
    takerId: string,
    input: { adId: string; amount?: string; quantity?: string },
  ): Promise<OrderRow> {
    await this.core.identityName(takerId)
    const { order, after } = await this.core.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, takerId)
      // The ad row lock serialises takers: two buyers racing for the last quantity get one order.
      const ad = await repo.lockAd(trx, input.adId)
      if (ad.status !== 'online') throw new AppError('c2cAdNotFound')
      if (ad.user_id === takerId) throw new AppError('c2cOwnAd')
      // Nobody answers an example ad: its payment details are not real, so no one may pay into them.
      if (isDemoMerchant(ad.user_id)) throw new AppError('c2cDemoAd')
      const dp = await this.core.precision(ad.coin, trx)
      if (input.quantity !== undefined) checkDecimals(input.quantity, dp, 'quantity', ad.coin)
      const price = normalize(ad.price)
      const fig = orderFigures(price, input, dp)
      const limits = {
        remaining: normalize(ad.remaining),
        min: normalize(ad.min_amount),
        max: normalize(ad.max_amount),
      }
      const check = checkOrder(fig, {
        minAmount: limits.min,
        maxAmount: limits.max,
        remaining: limits.remaining,
      })
      if (check !== 'ok') throw new AppError(REFUSAL[check], { data: limits })
      const buyerId = ad.side === 'sell' ? takerId : ad.user_id
      const sellerId = ad.side === 'sell' ? ad.user_id : takerId
      // The advertiser must meet the requirement too (an ad published before it, or its identity reset).
      if (!(await identityGate(trx, ad.user_id, 'c2c')).ok) throw new AppError('c2cAdvertiserUnverified')
      // One order at a time per buyer (a double tap opens one) and the daily cancel limit.
      await repo.lockBuyer(trx, buyerId)
      // The limit binds the buyer who cancelled when they open an order, not a seller taking their ad.
      if (buyerId === takerId && (await this.cancelsToday(buyerId, trx)) >= CANCEL_LIMIT)
        throw new AppError('c2cCancelLimit')
      const payment = await this.payments.snapshot(trx, sellerId, ad.pay_kinds as string[])
      const now = this.core.now()
      const order = await repo.insertOrder(trx, {
        ad_id: ad.id,
        maker_id: ad.user_id,
        taker_id: takerId,
        buyer_id: buyerId,
        seller_id: sellerId,
        coin: ad.coin,
        fiat: ad.fiat,
        price,
        quantity: fig.quantity,
        amount: fig.amount,
        pay_window: ad.pay_window,
        expires_at: new Date(now + ad.pay_window * 60_000),
        payment: JSON.stringify(payment),
        created_at: new Date(now),
        updated_at: new Date(now),
      })
      // A sell ad's quantity is frozen already; a buy ad's taker is the seller and freezes now.
      if (ad.side === 'buy') {
        await assertLoanUnlocked(trx, sellerId, ad.coin, fig.quantity)
        const ref = { refType: 'c2c_order' as const, refId: String(order.id), actorId: takerId }
        await freezeEscrow(trx, ref, sellerId, ad.coin, fig.quantity)
      }
      await repo.updateAd(trx, ad.id, {
        remaining: sub(limits.remaining, fig.quantity),
        updated_at: new Date(now),
      })
      await this.core.system(trx, order.id, 'created')
      const after: After = {
        users: [buyerId, sellerId],
        event: { orderId: String(order.id), status: order.status },
        push: { to: [ad.user_id], kind: 'newOrder', order },
      }
      return { order, after }
    })
    this.core.publish(after)
    return order
  }

  /** Quick buy/sell: the best ad that fits the amount (and payment kind), then an order on it. */
  async quick(
    userId: string,
    input: { side: 'buy' | 'sell'; coin: string; fiat: string; amount: string; payKind?: PayKind },
  ): Promise<OrderRow> {
    const { db } = this.core
    let ads = await repo.quickAds(db, userId, input, await approvedIdentityRequired(db, 'c2c'))
    if (input.side === 'sell' && ads.length) {
      const mine = new Set((await this.payments.list(userId)).map((p) => p.kind))
      ads = ads.filter((a) => (a.pay_kinds as string[]).some((k) => mine.has(k as PayKind)))
    }
    const stats = await traders(
      db,
      ads.map((a) => a.user_id),
      this.core.now(),
    )
    // rankAds weighs completion against price.
    const ranked = rankAds(
      ads.map((a) => ({
        id: String(a.id),
        price: normalize(a.price),
        completion: stats.get(a.user_id)?.completion ?? null,
      })),
      input.side,
    )
    for (const a of ranked.slice(0, 3)) {
      try {
        return await this.create(userId, { adId: a.id, amount: input.amount })
      } catch (err) {
        // Someone took it first: try the next best.
        if (
          err instanceof AppError &&
          (err.key === 'error.c2c_above_left' || err.key === 'error.c2c_ad_not_found')
        )
          continue
        throw err
      }
    }
    throw new AppError('c2cNoMatch')
  }

  async paid(userId: string, id: string, proof?: string): Promise<OrderRow> {
    if (proof) await this.core.ownUploads(userId, [proof])
    return this.core.act(id, userId, async (trx, o) => {
      // Past the payment window, the order is cancelled or being cancelled (the timeout pass runs
      // every 10 s): the buyer is told the time ran out, not that the state forbids it.
      if (
        o.buyer_id === userId &&
        (o.status === 'timeout' || (o.status === 'unpaid' && this.core.now() > o.expires_at.getTime()))
      )
        throw new AppError('c2cPayWindowOver')
      if (o.buyer_id !== userId || o.status !== 'unpaid') throw new AppError('c2cOrderState')
      const next = await this.core.setStatus(trx, o, {
        status: 'paid',
        paid_at: new Date(this.core.now()),
        proof_upload_id: proof ?? null,
      })
      await this.core.system(trx, o.id, 'paid')
      return { o: next, push: { to: [o.seller_id], kind: 'paid' } }
    })
  }

  /** The seller confirms the money arrived: the escrow moves to the buyer. */
  async confirmRelease(userId: string, id: string): Promise<OrderRow> {
    return this.core.act(id, userId, async (trx, o) => {
      if (o.seller_id !== userId || (o.status !== 'paid' && o.status !== 'unpaid'))
        throw new AppError('c2cOrderState')
      await release(trx, o, normalize(o.quantity), userId)
      const next = await this.core.setStatus(trx, o, {
        status: 'completed',
        done_at: new Date(this.core.now()),
        settled_to_buyer: normalize(o.quantity),
      })
      await this.core.system(trx, o.id, 'released')
      await repo.completeIfDone(trx, o.ad_id)
      return { o: next, push: { to: [o.buyer_id], kind: 'released' } }
    })
  }

  /** Only the buyer cancels, and only before paying; the escrow goes back to the seller. */
  async cancel(userId: string, id: string): Promise<OrderRow> {
    return this.core.act(id, userId, async (trx, o) => {
      if (o.buyer_id !== userId || o.status !== 'unpaid') throw new AppError('c2cOrderState')
      await returnEscrow(trx, o, normalize(o.quantity), true, userId, this.core.now())
      const next = await this.core.setStatus(trx, o, {
        status: 'cancelled',
        done_at: new Date(this.core.now()),
      })
      await this.core.system(trx, o.id, 'cancelled')
      return { o: next }
    })
  }

  /** Timeout pass: unpaid orders past their window are cancelled, escrow back to the seller. Idempotent. */
  async runTimeouts(now = this.core.now()): Promise<number> {
    let n = 0
    for (const id of await repo.dueOrders(this.core.db, now)) {
      try {
        await this.core.act(id, null, async (trx, o) => {
          // Re-checked on the locked row: paid or cancelled meanwhile means nothing to do.
          if (o.status !== 'unpaid' || o.expires_at.getTime() > now) return { o }
          await returnEscrow(trx, o, normalize(o.quantity), true, null, this.core.now())
          const next = await this.core.setStatus(trx, o, { status: 'timeout', done_at: new Date(now) })
          await this.core.system(trx, o.id, 'timeout')
          n++
          return { o: next }
        })
      } catch {
        // One order failing must not stop the others; the next pass retries it.
      }
    }
    return n
  }
}
