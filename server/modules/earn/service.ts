import type { Page } from '@common/api/page'
import { allocate } from '@common/earn/allocation'
import { dueState, timesInOrder } from '@common/earn/project'
import type {
  EarnTotals,
  ProductInput,
  ProjectInput,
  StakingOrder,
  StakingOrderDetail,
  StakingProduct,
  SubscriptionProject,
  SubscriptionProjectDetail,
} from '@common/earn/schema'
import {
  DAY_MS,
  dailyReward,
  daysElapsed,
  dueDays,
  endOf,
  expectedReward,
  stakeRefusal,
} from '@common/earn/staking'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { add, type DecimalString, gt, isZero, lt, neg, normalize } from '@common/money/decimal'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { freeze, LedgerBatch, move, type Tx, unfreeze } from '../../ledger/ledger'
import { checkAssetAmount, checkThresholds } from '../../ledger/precision'
import { writeAudit } from '../../platform/staff/audit'
import {
  commitmentToWire,
  finance,
  issuer,
  type OrderRow,
  orderToWire,
  type ProjectRow,
  pool,
  productToWire,
  projectToWire,
} from './model'

type Log = { warn(o: unknown, m?: string): void; info(o: unknown, m?: string): void }
export interface Actor {
  actorId: string
  ip?: string
}

const STATE_ORDER = sql`case state when 'open' then 0 when 'preheat' then 1 when 'closed' then 2 else 3 end`
const n = (x: string | number | null | undefined) => normalize(String(x ?? '0'))
const decimals = (s: string) => (normalize(s).split('.')[1] ?? '').length

const services = new WeakMap<Db, EarnService>()
/** One service per database (routes, jobs and test hooks share its test clock). */
export function earnService(db: Db): EarnService {
  let s = services.get(db)
  if (!s) {
    s = new EarnService(db)
    services.set(db, s)
  }
  return s
}

/**
 * Staking and coin subscription use cases. Every balance change goes through the ledger inside
 * the transaction that changes the order, commitment or project row; schedulers (tick) are
 * idempotent: a day's reward is claimed by its (order, day) row, an announcement by the
 * project's closed -> announced update, each in the transaction that posts the money.
 */
export class EarnService {
  /** Test clock (dev hooks only): milliseconds added to the wall clock. */
  offset = 0

  constructor(
    readonly db: Db,
    private log?: Log,
  ) {}

  /**
   * The logger of the scheduler's failures (one order's settlement, one project's announcement).
   * The shared service is made by the routes first, without one; the jobs attach the app's.
   */
  attachLog(log: Log): void {
    this.log = log
  }

  now(): number {
    return Date.now() + this.offset
  }

  private async precisionOf(trx: Tx, asset: string): Promise<number | null> {
    const a = await trx.selectFrom('asset').select('precision').where('code', '=', asset).executeTakeFirst()
    return a ? a.precision : null
  }

  // ---- staking -------------------------------------------------------------------------------

  async products(): Promise<StakingProduct[]> {
    const rows = await this.db
      .selectFrom('staking_product')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute()
    return rows.map(productToWire)
  }

  async stake(userId: string, productId: string, amount: DecimalString): Promise<StakingOrder> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const p = await trx
        .selectFrom('staking_product')
        .selectAll()
        .where('id', '=', productId)
        .forUpdate()
        .executeTakeFirst()
      if (!p) throw new AppError('notFound')
      if (p.status !== 'active') throw new AppError('productPaused')
      const dp = await checkAssetAmount(trx, p.asset, amount)
      const daily = dailyReward(amount, n(p.rate), p.rate_kind, dp)
      const expected = expectedReward(daily, p.cycle_days)
      const batch = new LedgerBatch(trx)
      await batch.lock([finance(userId, p.asset), pool(p.asset)])
      const owed = await this.owed(trx, p.asset)
      const refusal = stakeRefusal({
        amount,
        min: n(p.min_amount),
        max: n(p.max_amount),
        quota: n(p.quota),
        staked: n(p.staked),
        expected,
        pool: batch.balance(pool(p.asset))?.available ?? '0',
        owed,
      })
      if (refusal === 'below_min') throw new AppError('stakeBelowMin')
      if (refusal === 'above_max') throw new AppError('stakeAboveMax')
      if (refusal === 'quota') throw new AppError('stakeQuotaFull')
      if (refusal === 'pool') throw new AppError('stakePoolShort')
      if (batch.wouldOverdraw(freeze(finance(userId, p.asset), amount)))
        throw new AppError('insufficientBalance')
      const order = await trx
        .insertInto('staking_order')
        .values({
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
        .returningAll()
        .executeTakeFirstOrThrow()
      batch.post({
        reason: 'staking_lock',
        refType: 'staking_order',
        refId: String(order.id),
        actorId: userId,
        postings: freeze(finance(userId, p.asset), amount),
      })
      await batch.flush()
      await trx
        .updateTable('staking_product')
        .set({ staked: sql`staked + ${amount}::numeric`, updated_at: new Date(now) })
        .where('id', '=', p.id)
        .execute()
      return orderToWire(order)
    })
  }

  /** Rewards the pool still owes to the orders earning in this asset. */
  private async owed(trx: Tx, asset: string): Promise<DecimalString> {
    const r = await trx
      .selectFrom('staking_order')
      .select(sql<string>`coalesce(sum(expected_reward - accrued), 0)::text`.as('owed'))
      .where('asset', '=', asset)
      .where('status', '=', 'earning')
      .executeTakeFirst()
    return n(r?.owed)
  }

  async orders(
    userId: string,
    q: { status?: string; before?: string; limit: number },
  ): Promise<Page<StakingOrder>> {
    let sel = this.db.selectFrom('staking_order').selectAll().where('user_id', '=', userId)
    if (q.status) sel = sel.where('status', '=', q.status as 'earning')
    if (q.before) sel = sel.where('id', '<', q.before)
    const rows = await sel.orderBy('id', 'desc').limit(q.limit).execute()
    return { list: rows.map(orderToWire), hasMore: rows.length === q.limit }
  }

  async order(userId: string, id: string): Promise<StakingOrderDetail> {
    const o = await this.db
      .selectFrom('staking_order')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!o) throw new AppError('notFound')
    const rewards = await this.db
      .selectFrom('staking_reward')
      .selectAll()
      .where('order_id', '=', o.id)
      .orderBy('day', 'desc')
      .execute()
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
  async settleOrder(id: string, now = this.now()): Promise<'paid' | 'completed' | null> {
    return this.db.transaction().execute(async (trx) => {
      const o = await trx
        .selectFrom('staking_order')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'earning')
        .forUpdate()
        .executeTakeFirst()
      if (!o) return null
      return this.settleLocked(trx, o, now)
    })
  }

  private async settleLocked(trx: Tx, o: OrderRow, now: number): Promise<'paid' | 'completed' | null> {
    const start = new Date(o.start_at).getTime()
    const elapsed = daysElapsed(start, now, o.cycle_days)
    const days = dueDays(o.accrued_days, elapsed)
    const completing = elapsed >= o.cycle_days
    if (!days.length && !completing) return null
    // Lock order: order row, product row, balances (as stake: product, then balances).
    if (completing)
      await trx
        .selectFrom('staking_product')
        .select('id')
        .where('id', '=', o.product_id)
        .forUpdate()
        .execute()
    const batch = new LedgerBatch(trx)
    const user = finance(o.user_id, o.asset)
    await batch.lock([user, pool(o.asset)])
    const daily = n(o.daily_reward)
    let accrued = n(o.accrued)
    for (const day of days) {
      if (isZero(daily)) continue
      // The pool never goes below zero (reserved at stake time; checked again here).
      if (lt(batch.balance(pool(o.asset))?.available ?? '0', daily)) {
        this.log?.warn({ order: o.id, day }, 'staking: rewards pool short')
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
    if (days.length)
      await trx
        .insertInto('staking_reward')
        .values(
          days.map((day) => ({
            order_id: o.id,
            day,
            amount: daily,
            created_at: new Date(start + day * DAY_MS),
          })),
        )
        .execute()
    if (completing)
      batch.post({
        reason: 'staking_release',
        refType: 'staking_order',
        refId: String(o.id),
        postings: unfreeze(user, add(n(o.amount), accrued)),
      })
    if (batch.size) await batch.flush()
    await trx
      .updateTable('staking_order')
      .set({
        accrued,
        accrued_days: elapsed,
        ...(completing ? { status: 'completed' as const, closed_at: new Date(now) } : {}),
      })
      .where('id', '=', o.id)
      .execute()
    if (completing)
      await trx
        .updateTable('staking_product')
        .set({ staked: sql`staked - ${n(o.amount)}::numeric` })
        .where('id', '=', o.product_id)
        .execute()
    return completing ? 'completed' : 'paid'
  }

  /** Early redemption (only where the product allows it): principal back, rewards forfeited to the pool. */
  async redeem(userId: string, id: string): Promise<StakingOrder> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const o = await trx
        .selectFrom('staking_order')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!o) throw new AppError('notFound')
      if (o.status !== 'earning') throw new AppError('stakeNotEarning')
      if (daysElapsed(new Date(o.start_at).getTime(), now, o.cycle_days) >= o.cycle_days) {
        // The cycle is over: the normal completion, nothing forfeited.
        await this.settleLocked(trx, o, now)
      } else {
        if (!o.early_redeem) throw new AppError('earlyRedeemNotAllowed')
        await trx
          .selectFrom('staking_product')
          .select('id')
          .where('id', '=', o.product_id)
          .forUpdate()
          .execute()
        const batch = new LedgerBatch(trx)
        const user = finance(userId, o.asset)
        await batch.lock([user, pool(o.asset)])
        batch.post({
          reason: 'staking_release',
          refType: 'staking_order',
          refId: String(o.id),
          actorId: userId,
          memo: 'early redemption',
          postings: unfreeze(user, n(o.amount)),
        })
        if (!isZero(n(o.accrued)))
          batch.post({
            reason: 'staking_settlement',
            refType: 'staking_order',
            refId: String(o.id),
            actorId: userId,
            memo: 'rewards forfeited on early redemption',
            postings: move({ ...user, bucket: 'frozen' }, pool(o.asset), n(o.accrued)),
          })
        await batch.flush()
        await trx
          .updateTable('staking_order')
          .set({ status: 'redeemed', closed_at: new Date(now) })
          .where('id', '=', o.id)
          .execute()
        await trx
          .updateTable('staking_product')
          .set({ staked: sql`staked - ${n(o.amount)}::numeric` })
          .where('id', '=', o.product_id)
          .execute()
      }
      const after = await trx
        .selectFrom('staking_order')
        .selectAll()
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow()
      return orderToWire(after)
    })
  }

  /** The orders with a day (or the end) due at `now`, each settled in its own transaction. */
  async accrueDue(now = this.now()): Promise<number> {
    const due = await this.db
      .selectFrom('staking_order')
      .select('id')
      .where('status', '=', 'earning')
      .where(sql<boolean>`start_at + (accrued_days + 1) * interval '1 day' <= ${new Date(now)}`)
      .orderBy('id')
      .execute()
    let done = 0
    for (const { id } of due) {
      try {
        if (await this.settleOrder(String(id), now)) done++
      } catch (err) {
        this.log?.warn({ err, order: id }, 'staking: settle failed')
      }
    }
    return done
  }

  // ---- coin subscription ---------------------------------------------------------------------

  async projects(chain: string[]): Promise<SubscriptionProject[]> {
    const rows = await this.db
      .selectFrom('sub_project')
      .selectAll()
      .orderBy(STATE_ORDER)
      .orderBy('start_at', 'desc')
      .execute()
    return rows.map((p) => projectToWire(p, chain))
  }

  async project(id: string, userId: string | null, chain: string[]): Promise<SubscriptionProjectDetail> {
    const p = await this.db.selectFrom('sub_project').selectAll().where('id', '=', id).executeTakeFirst()
    if (!p) throw new AppError('notFound')
    const mine = userId
      ? await this.db
          .selectFrom('sub_commitment')
          .selectAll()
          .where('project_id', '=', p.id)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined
    return { ...projectToWire(p, chain), mine: mine ? commitmentToWire(mine) : null, now: this.now() }
  }

  async myCommitments(userId: string, chain: string[]) {
    const rows = await this.db
      .selectFrom('sub_commitment as c')
      .innerJoin('sub_project as p', 'p.id', 'c.project_id')
      .selectAll('p')
      .select([
        'c.amount as c_amount',
        'c.coins as c_coins',
        'c.paid as c_paid',
        'c.refund as c_refund',
        'c.settled as c_settled',
      ])
      .where('c.user_id', '=', userId)
      .orderBy('c.id', 'desc')
      .execute()
    return rows.map((r) => ({
      ...projectToWire(r as unknown as ProjectRow, chain),
      mine: commitmentToWire({
        amount: r.c_amount,
        coins: r.c_coins,
        paid: r.c_paid,
        refund: r.c_refund,
        settled: r.c_settled,
      } as never),
    }))
  }

  async commit(userId: string, projectId: string, amount: DecimalString): Promise<SubscriptionProjectDetail> {
    const now = this.now()
    await this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const p = await trx
        .selectFrom('sub_project')
        .selectAll()
        .where('id', '=', projectId)
        .forUpdate()
        .executeTakeFirst()
      if (!p) throw new AppError('notFound')
      const open =
        !p.paused &&
        p.state === 'open' &&
        now >= new Date(p.start_at).getTime() &&
        now < new Date(p.close_at).getTime()
      if (!open) throw new AppError('projectNotOpen')
      await checkAssetAmount(trx, p.currency, amount)
      const prev = await trx
        .selectFrom('sub_commitment')
        .selectAll()
        .where('project_id', '=', p.id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      const total = add(prev ? n(prev.amount) : '0', amount)
      if (lt(total, n(p.min_amount))) throw new AppError('commitBelowMin')
      if (gt(total, n(p.max_amount))) throw new AppError('commitAboveMax')
      const key = finance(userId, p.currency)
      const batch = new LedgerBatch(trx)
      await batch.lock([key])
      batch.post({
        reason: 'subscription_commit',
        refType: 'sub_project',
        refId: String(p.id),
        actorId: userId,
        postings: freeze(key, amount),
      })
      await batch.flush()
      if (prev)
        await trx
          .updateTable('sub_commitment')
          .set({ amount: total, updated_at: new Date(now) })
          .where('id', '=', prev.id)
          .execute()
      else
        await trx
          .insertInto('sub_commitment')
          .values({ project_id: p.id, user_id: userId, amount: total })
          .execute()
      await trx
        .updateTable('sub_project')
        .set({
          committed: sql`committed + ${amount}::numeric`,
          participants: sql`participants + ${prev ? 0 : 1}`,
          updated_at: new Date(now),
        })
        .where('id', '=', p.id)
        .execute()
    })
    return this.project(projectId, userId, ['en'])
  }

  /** Moves every unpaused project to the state its times call for; announces the due ones. */
  async advanceProjects(now = this.now()): Promise<{ moved: number; announced: number }> {
    const rows = await this.db
      .selectFrom('sub_project')
      .select(['id', 'state', 'start_at', 'close_at', 'announce_at'])
      .where('state', '!=', 'announced')
      .where('paused', '=', false)
      .execute()
    let moved = 0
    let announced = 0
    for (const p of rows) {
      const due = dueState(
        {
          startAt: new Date(p.start_at).getTime(),
          closeAt: new Date(p.close_at).getTime(),
          announceAt: new Date(p.announce_at).getTime(),
        },
        now,
      )
      const target = due === 'announced' ? 'closed' : due
      if (target !== p.state && rank(target) > rank(p.state)) {
        const r = await this.db
          .updateTable('sub_project')
          .set({ state: target, updated_at: new Date(now) })
          .where('id', '=', p.id)
          .where('state', '=', p.state)
          .where('paused', '=', false)
          .returning('id')
          .executeTakeFirst()
        if (r) moved++
      }
      if (due === 'announced') {
        try {
          if (await this.announce(String(p.id), now)) announced++
        } catch (err) {
          this.log?.warn({ err, project: p.id }, 'subscription: announcement failed')
        }
      }
    }
    return { moved, announced }
  }

  /**
   * The result: allocation, coins delivered, price paid, the rest refunded, all in one
   * transaction that also moves the project from closed to announced, so it happens exactly once
   * (a crash before the commit leaves nothing; the next run does it all). `failBeforeCommit` is a
   * test hook that simulates that crash.
   */
  async announce(
    id: string,
    now = this.now(),
    opts: { failBeforeCommit?: boolean } = {},
  ): Promise<{ participants: number; allocated: string; raised: string } | null> {
    return this.db.transaction().execute(async (trx) => {
      const p = await trx
        .selectFrom('sub_project')
        .selectAll()
        .where('id', '=', id)
        .where('state', '=', 'closed')
        .where('paused', '=', false)
        .forUpdate()
        .executeTakeFirst()
      if (!p || now < new Date(p.announce_at).getTime()) return null
      const commits = await trx
        .selectFrom('sub_commitment')
        .select(['id', 'user_id', 'amount'])
        .where('project_id', '=', p.id)
        .where('settled', '=', false)
        .orderBy('id')
        .execute()
      const currencyDp = (await this.precisionOf(trx, p.currency)) ?? 6
      const coinDp = (await this.precisionOf(trx, p.coin)) ?? p.coin_precision
      const res = allocate(
        commits.map((c) => ({ id: String(c.id), amount: n(c.amount) })),
        { supply: n(p.supply), price: n(p.price), coinDp, currencyDp },
      )
      const batch = new LedgerBatch(trx)
      const keys = [issuer(p.currency), issuer(p.coin)]
      for (const c of commits) keys.push(finance(c.user_id, p.currency), finance(c.user_id, p.coin))
      await batch.lock(keys)
      const rows: { id: string; coins: string; paid: string; refund: string }[] = []
      for (let i = 0; i < commits.length; i++) {
        const c = commits[i] as (typeof commits)[number]
        const a = res.list[i] as (typeof res.list)[number]
        const cur = finance(c.user_id, p.currency)
        if (!isZero(a.coins) || !isZero(a.paid))
          batch.post({
            reason: 'subscription_delivery',
            refType: 'sub_project',
            refId: String(p.id),
            postings: [
              { ...cur, bucket: 'frozen', amount: neg(a.paid) },
              { ...issuer(p.currency), bucket: 'available', amount: a.paid },
              { ...issuer(p.coin), bucket: 'available', amount: neg(a.coins) },
              { ...finance(c.user_id, p.coin), bucket: 'available', amount: a.coins },
            ],
          })
        if (!isZero(a.refund))
          batch.post({
            reason: 'subscription_refund',
            refType: 'sub_project',
            refId: String(p.id),
            postings: unfreeze(cur, a.refund),
          })
        rows.push({ id: String(c.id), coins: a.coins, paid: a.paid, refund: a.refund })
      }
      const writes = batch.takeWrites()
      const update = sql`update sub_commitment s set coins = v.coins, paid = v.paid, refund = v.refund,
          settled = true, updated_at = now()
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, coins numeric, paid numeric, refund numeric)
        where s.id = v.id`
      if (writes) await sql`with ${writes}, commits as (${update}) select 1`.execute(trx)
      else if (rows.length) await update.execute(trx)
      await trx
        .updateTable('sub_project')
        .set({
          state: 'announced',
          allocated: res.totalCoins,
          raised: res.totalPaid,
          announced_at: new Date(now),
          updated_at: new Date(now),
        })
        .where('id', '=', p.id)
        .execute()
      if (opts.failBeforeCommit) throw new Error('simulated crash during the announcement')
      return { participants: commits.length, allocated: res.totalCoins, raised: res.totalPaid }
    })
  }

  /** One scheduler pass: projects first (their times), then staking days. */
  async tick(now = this.now()): Promise<{ moved: number; announced: number; settled: number }> {
    const r = await this.advanceProjects(now)
    const settled = await this.accrueDue(now)
    return { ...r, settled }
  }

  // ---- console -------------------------------------------------------------------------------

  private async checkProduct(trx: Tx, i: ProductInput): Promise<void> {
    // Thresholds no finer than the asset (issue 33): a field error naming the one too fine.
    await checkThresholds(trx, i.asset, { minAmount: i.minAmount, maxAmount: i.maxAmount, quota: i.quota })
    const dp = await this.precisionOf(trx, i.asset)
    const ok =
      dp !== null &&
      !gt(i.minAmount, i.maxAmount) &&
      !gt(i.minAmount, i.quota) &&
      decimals(i.minAmount) <= dp &&
      decimals(i.maxAmount) <= dp &&
      lt(i.rate, '10')
    if (!ok) throw new AppError('invalidProduct')
  }

  private productValues(i: ProductInput) {
    return {
      asset: i.asset,
      cycle_days: i.cycleDays,
      rate: normalize(i.rate),
      rate_kind: i.rateKind,
      min_amount: normalize(i.minAmount),
      max_amount: normalize(i.maxAmount),
      quota: normalize(i.quota),
      early_redeem: i.earlyRedeem,
    }
  }

  async createProduct(i: ProductInput, a: Actor): Promise<StakingProduct> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkProduct(trx, i)
      const row = await trx
        .insertInto('staking_product')
        .values(this.productValues(i))
        .returningAll()
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...a,
        action: 'earn.product.create',
        targetType: 'staking_product',
        targetId: String(row.id),
        after: row,
        reason: i.reason ?? '',
      })
      return productToWire(row)
    })
  }

  /** New terms apply to new orders; the orders placed keep theirs. */
  async editProduct(id: string, i: ProductInput, a: Actor): Promise<StakingProduct> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('staking_product')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      await this.checkProduct(trx, i)
      if (i.asset !== before.asset && gt(n(before.staked), '0')) throw new AppError('invalidProduct')
      const row = await trx
        .updateTable('staking_product')
        .set({ ...this.productValues(i), updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...a,
        action: 'earn.product.edit',
        targetType: 'staking_product',
        targetId: id,
        before,
        after: row,
        reason: i.reason ?? '',
      })
      return productToWire(row)
    })
  }

  async pauseProduct(id: string, paused: boolean, a: Actor, reason = ''): Promise<StakingProduct> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('staking_product')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      const row = await trx
        .updateTable('staking_product')
        .set({ status: paused ? 'paused' : 'active', updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...a,
        action: paused ? 'earn.product.pause' : 'earn.product.resume',
        targetType: 'staking_product',
        targetId: id,
        before,
        after: row,
        reason,
      })
      return productToWire(row)
    })
  }

  /** Tops a rewards pool up from the treasury, through the ledger. */
  async fundPool(asset: string, amount: DecimalString, a: Actor, reason = ''): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await checkAssetAmount(trx, asset, amount)
      const batch = new LedgerBatch(trx)
      const treasury = { holder: SYSTEM_HOLDER, account: 'treasury', asset }
      await batch.lock([treasury, pool(asset)])
      const before = batch.balance(pool(asset))?.available ?? '0'
      batch.post({
        reason: 'adjustment',
        memo: `staking rewards pool top-up: ${reason}`,
        actorId: a.actorId,
        postings: move(treasury, pool(asset), amount),
      })
      await batch.flush()
      await writeAudit(trx, {
        ...a,
        action: 'earn.pool.fund',
        targetType: 'staking_pool',
        targetId: asset,
        before: { balance: before },
        after: { balance: add(before, amount) },
        reason,
      })
    })
  }

  private async checkProject(trx: Tx, i: ProjectInput, now: number): Promise<void> {
    // The currency is a coin the platform already runs (enabled, not another project's coin),
    // and the price and limits are no finer than it (issue 33).
    const known = await trx
      .selectFrom('asset')
      .select('code')
      .where('code', '=', i.currency)
      .where('enabled', '=', true)
      .where('code', 'not in', trx.selectFrom('sub_project').select('coin'))
      .executeTakeFirst()
    if (!known)
      throw new AppError('invalidField', {
        msg: 'Invalid value for currency',
        data: { field: 'currency', reason: 'invalid_asset' },
      })
    await checkThresholds(
      trx,
      i.currency,
      { price: i.price, minAmount: i.minAmount, maxAmount: i.maxAmount },
      'currency',
    )
    const cur = await this.precisionOf(trx, i.currency)
    const ok =
      cur !== null &&
      timesInOrder(i) &&
      i.startAt > now &&
      !gt(i.minAmount, i.maxAmount) &&
      decimals(i.minAmount) <= cur &&
      decimals(i.maxAmount) <= cur &&
      decimals(i.supply) <= i.coinPrecision &&
      i.coin !== i.currency
    if (!ok) throw new AppError('invalidProject')
  }

  private projectValues(i: ProjectInput) {
    return {
      name: i.name,
      coin_name: i.coinName,
      description: JSON.stringify({ en: i.description }),
      currency: i.currency,
      price: normalize(i.price),
      supply: normalize(i.supply),
      min_amount: normalize(i.minAmount),
      max_amount: normalize(i.maxAmount),
      start_at: new Date(i.startAt),
      close_at: new Date(i.closeAt),
      announce_at: new Date(i.announceAt),
      listing_at: new Date(i.listingAt),
    }
  }

  /** A new project in preheat; its coin becomes a new asset. */
  async createProject(i: ProjectInput, a: Actor): Promise<SubscriptionProject> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      await this.checkProject(trx, i, now)
      if ((await this.precisionOf(trx, i.coin)) !== null) throw new AppError('invalidProject')
      await trx
        .insertInto('asset')
        .values({ code: i.coin, name: i.coinName, precision: i.coinPrecision, color: '#7b61ff', sort: 200 })
        .execute()
      const row = await trx
        .insertInto('sub_project')
        .values({ ...this.projectValues(i), coin: i.coin, coin_precision: i.coinPrecision, state: 'preheat' })
        .returningAll()
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...a,
        action: 'earn.project.create',
        targetType: 'sub_project',
        targetId: String(row.id),
        after: row,
        reason: i.reason ?? '',
      })
      return projectToWire(row, ['en'])
    })
  }

  /** Editable only in preheat, before its start time; the coin stays. */
  async editProject(id: string, i: ProjectInput, a: Actor): Promise<SubscriptionProject> {
    const now = this.now()
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('sub_project')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      if (before.state !== 'preheat' || now >= new Date(before.start_at).getTime())
        throw new AppError('projectLocked')
      if (i.coin !== before.coin || i.coinPrecision !== before.coin_precision)
        throw new AppError('invalidProject')
      await this.checkProject(trx, i, now)
      const row = await trx
        .updateTable('sub_project')
        .set({ ...this.projectValues(i), updated_at: new Date(now) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await trx.updateTable('asset').set({ name: i.coinName }).where('code', '=', before.coin).execute()
      await writeAudit(trx, {
        ...a,
        action: 'earn.project.edit',
        targetType: 'sub_project',
        targetId: id,
        before,
        after: row,
        reason: i.reason ?? '',
      })
      return projectToWire(row, ['en'])
    })
  }

  async pauseProject(id: string, paused: boolean, a: Actor, reason = ''): Promise<SubscriptionProject> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('sub_project')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw new AppError('notFound')
      if (before.state === 'announced') throw new AppError('projectLocked')
      const row = await trx
        .updateTable('sub_project')
        .set({ paused, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await writeAudit(trx, {
        ...a,
        action: paused ? 'earn.project.pause' : 'earn.project.resume',
        targetType: 'sub_project',
        targetId: id,
        before,
        after: row,
        reason,
      })
      return projectToWire(row, ['en'])
    })
  }

  async totals(): Promise<EarnTotals> {
    const pools = await this.db
      .selectFrom('balance')
      .select(['asset', 'available'])
      .where('holder', '=', SYSTEM_HOLDER)
      .where('account', '=', 'staking_rewards')
      .orderBy('asset')
      .execute()
    const owed = await this.db
      .selectFrom('staking_order')
      .select([
        'asset',
        sql<string>`sum(expected_reward - accrued)::text`.as('owed'),
        sql<string>`sum(amount)::text`.as('earning'),
        sql<number>`count(*)::int`.as('orders'),
      ])
      .where('status', '=', 'earning')
      .groupBy('asset')
      .execute()
    const paid = await this.db
      .selectFrom('staking_reward as r')
      .innerJoin('staking_order as o', 'o.id', 'r.order_id')
      .select(['o.asset', sql<string>`sum(r.amount)::text`.as('paid')])
      .groupBy('o.asset')
      .execute()
    const assets = [...new Set([...owed.map((o) => o.asset), ...paid.map((p) => p.asset)])].sort()
    const projects = await this.db.selectFrom('sub_project').selectAll().orderBy('id', 'desc').execute()
    return {
      pools: pools.map((p) => ({
        asset: p.asset,
        balance: n(p.available),
        owed: n(owed.find((o) => o.asset === p.asset)?.owed),
      })),
      staking: assets.map((asset) => {
        const o = owed.find((x) => x.asset === asset)
        return {
          asset,
          earning: n(o?.earning),
          orders: Number(o?.orders ?? 0),
          rewardsPaid: n(paid.find((x) => x.asset === asset)?.paid),
        }
      }),
      projects: projects.map((p) => ({ ...projectToWire(p, ['en']), coinPrecision: p.coin_precision })),
      products: await this.products(),
    }
  }
}

const rank = (s: string) => ['preheat', 'open', 'closed', 'announced'].indexOf(s)
