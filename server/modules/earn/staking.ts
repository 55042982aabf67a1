import { cursorPage, type Page } from '@common/api/page'
import type { StakingOrder, StakingOrderDetail, StakingProduct } from '@common/earn/schema'
import {
  DAY_MS,
  dailyReward,
  daysElapsed,
  dueDays,
  endOf,
  expectedReward,
  stakeRefusal,
} from '@common/earn/staking'
import { add, type DecimalString, isZero, lt, neg } from '@common/money/decimal'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { freeze, LedgerBatch, move, type Tx, unfreeze } from '../../ledger/ledger'
import { checkAssetAmount } from '../../ledger/precision'
import { type EarnCtx, n } from './context'
import { finance, type OrderRow, orderToWire, pool, productToWire } from './model'
import * as repo from './staking-repo'

const REFUSAL = {
  below_min: 'stakeBelowMin',
  above_max: 'stakeAboveMax',
  quota: 'stakeQuotaFull',
  pool: 'stakePoolShort',
} as const

/**
 * Staking: principal frozen in the finance account for the product's cycle; the rewards pool pays
 * each day's reward into it (reserved at stake time, so the pool never goes below zero) and the
 * end of the cycle releases principal and rewards. A day is paid once: its (order, day) row is
 * the claim, in the transaction that posts it.
 */
export class Staking {
  constructor(private readonly earn: EarnCtx) {}

  async products(): Promise<StakingProduct[]> {
    return (await repo.products(this.earn.db)).map(productToWire)
  }

  async stake(userId: string, productId: string, amount: DecimalString): Promise<StakingOrder> {
    const now = this.earn.now()
    return this.earn.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const p = await repo.lockProduct(trx, productId)
      if (p.status !== 'active') throw new AppError('productPaused')
      const dp = await checkAssetAmount(trx, p.asset, amount)
      const daily = dailyReward(amount, n(p.rate), p.rate_kind, dp)
      const expected = expectedReward(daily, p.cycle_days)
      const batch = new LedgerBatch(trx)
      await batch.lock([finance(userId, p.asset), pool(p.asset)])
      const refusal = stakeRefusal({
        amount,
        min: n(p.min_amount),
        max: n(p.max_amount),
        quota: n(p.quota),
        staked: n(p.staked),
        expected,
        pool: batch.balance(pool(p.asset))?.available ?? '0',
        owed: await repo.owed(trx, p.asset),
      })
      if (refusal) throw new AppError(REFUSAL[refusal])
      if (batch.wouldOverdraw(freeze(finance(userId, p.asset), amount)))
        throw new AppError('insufficientBalance')
      const order = await repo.insertOrder(trx, {
        user_id: userId,
        product_id: p.id,
        asset: p.asset,
        amount,
        cycle_days: p.cycle_days,
        rate: p.rate,
        rate_kind: p.rate_kind,
        daily_reward: daily,
        expected_reward: expected,
        early_redeem: p.early_redeem,
        start_at: new Date(now),
        end_at: new Date(endOf(now, p.cycle_days)),
      })
      batch.post({
        reason: 'staking_lock',
        refType: 'staking_order',
        refId: String(order.id),
        actorId: userId,
        postings: freeze(finance(userId, p.asset), amount),
      })
      await batch.flush()
      await repo.addStaked(trx, p.id, amount, new Date(now))
      return orderToWire(order)
    })
  }

  async orders(
    userId: string,
    q: { status?: string; before?: string; limit: number },
  ): Promise<Page<StakingOrder>> {
    const rows = await repo.ordersOf(this.earn.db, userId, q)
    return cursorPage(rows.map(orderToWire), q.limit)
  }

  async order(userId: string, id: string): Promise<StakingOrderDetail> {
    const o = await repo.orderOf(this.earn.db, id, userId)
    if (!o) throw new AppError('notFound')
    const rewards = await repo.rewardsOf(this.earn.db, o.id)
    return {
      ...orderToWire(o),
      rewards: rewards.map((r) => ({
        day: r.day,
        amount: n(r.amount),
        at: new Date(r.created_at).getTime(),
      })),
    }
  }

  /** Pays the days due and, at the end of the cycle, releases principal and rewards. */
  async settle(id: string, now: number): Promise<'paid' | 'completed' | null> {
    return this.earn.db.transaction().execute(async (trx) => {
      const o = await repo.lockOrder(trx, id, { earning: true })
      return o ? this.settleLocked(trx, o, now) : null
    })
  }

  private async settleLocked(trx: Tx, o: OrderRow, now: number): Promise<'paid' | 'completed' | null> {
    const start = new Date(o.start_at).getTime()
    const elapsed = daysElapsed(start, now, o.cycle_days)
    const days = dueDays(o.accrued_days, elapsed)
    const completing = elapsed >= o.cycle_days
    if (!days.length && !completing) return null
    // Lock order: order row, product row, balances (as stake: product, then balances).
    if (completing) await repo.holdProduct(trx, o.product_id)
    const batch = new LedgerBatch(trx)
    const user = finance(o.user_id, o.asset)
    await batch.lock([user, pool(o.asset)])
    const daily = n(o.daily_reward)
    let accrued = n(o.accrued)
    for (const day of days) {
      if (isZero(daily)) continue
      // The pool never goes below zero (reserved at stake time; checked again here).
      if (lt(batch.balance(pool(o.asset))?.available ?? '0', daily)) {
        this.earn.log?.warn({ order: o.id, day }, 'staking: rewards pool short')
        throw new AppError('stakePoolShort')
      }
      batch.post({
        reason: 'staking_settlement',
        refType: 'staking_order',
        refId: String(o.id),
        memo: `day ${day}`,
        postings: move(pool(o.asset), { ...user, bucket: 'frozen' }, daily),
      })
      accrued = add(accrued, daily)
    }
    if (days.length) await repo.insertRewards(trx, o.id, days, daily, (day) => new Date(start + day * DAY_MS))
    if (completing)
      batch.post({
        reason: 'staking_release',
        refType: 'staking_order',
        refId: String(o.id),
        postings: unfreeze(user, add(n(o.amount), accrued)),
      })
    if (batch.size) await batch.flush()
    await repo.updateOrder(trx, o.id, {
      accrued,
      accrued_days: elapsed,
      ...(completing ? { status: 'completed' as const, closed_at: new Date(now) } : {}),
    })
    if (completing) await repo.addStaked(trx, o.product_id, neg(n(o.amount)))
    return completing ? 'completed' : 'paid'
  }

  /** Early redemption (only where the product allows it): principal back, rewards forfeited to the pool. */
  async redeem(userId: string, id: string): Promise<StakingOrder> {
    const now = this.earn.now()
    return this.earn.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const o = await repo.lockOrder(trx, id, { userId })
      if (!o) throw new AppError('notFound')
      if (o.status !== 'earning') throw new AppError('stakeNotEarning')
      // The cycle is over: the normal completion, nothing forfeited.
      if (daysElapsed(new Date(o.start_at).getTime(), now, o.cycle_days) >= o.cycle_days)
        await this.settleLocked(trx, o, now)
      else await this.redeemEarly(trx, o, now)
      return orderToWire((await repo.orderOf(trx, o.id)) as OrderRow)
    })
  }

  private async redeemEarly(trx: Tx, o: OrderRow, now: number): Promise<void> {
    if (!o.early_redeem) throw new AppError('earlyRedeemNotAllowed')
    await repo.holdProduct(trx, o.product_id)
    const batch = new LedgerBatch(trx)
    const user = finance(o.user_id, o.asset)
    await batch.lock([user, pool(o.asset)])
    const entry = { refType: 'staking_order', refId: String(o.id), actorId: o.user_id } as const
    batch.post({
      ...entry,
      reason: 'staking_release',
      memo: 'early redemption',
      postings: unfreeze(user, n(o.amount)),
    })
    if (!isZero(n(o.accrued)))
      batch.post({
        ...entry,
        reason: 'staking_settlement',
        memo: 'rewards forfeited on early redemption',
        postings: move({ ...user, bucket: 'frozen' }, pool(o.asset), n(o.accrued)),
      })
    await batch.flush()
    await repo.updateOrder(trx, o.id, { status: 'redeemed', closed_at: new Date(now) })
    await repo.addStaked(trx, o.product_id, neg(n(o.amount)))
  }
}
