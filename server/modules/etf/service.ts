import type { Page } from '@common/api/page'
import {
  type BasketComponent,
  basketNav,
  basketUnits,
  change24h,
  LAUNCH_NAV,
  type LeveragedState,
  lastRebalanceAt,
  leveragedNav,
  needsIntradayRebalance,
  nextRebalanceAt,
  redeemQuote,
  subscribeQuote,
  weightsValid,
} from '@common/etf/nav'
import type {
  EtfCreateInput,
  EtfHolding,
  EtfNavPoint,
  EtfOrder,
  EtfProduct,
  EtfRange,
  EtfRedeemInput,
  EtfSubscribeInput,
} from '@common/etf/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { gt, isZero, lt, mul, neg, normalize, round } from '@common/money/decimal'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { EtfProductTable } from '../../db/schema-etf'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import { type BalanceKey, LedgerBatch, move, type Posting, postEntry, type Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'

export type ProductRow = Selectable<EtfProductTable>
type Component = { symbol: string; weight: string; units: string | null }

const USDT = 'USDT'
export const ACCOUNT = 'finance'
const desk = (asset: string): BalanceKey => ({ holder: SYSTEM_HOLDER, account: 'etf_desk', asset })
const FEES: BalanceKey = { holder: SYSTEM_HOLDER, account: 'fees', asset: USDT }
const TREASURY: BalanceKey = { holder: SYSTEM_HOLDER, account: 'treasury', asset: USDT }
/** The desk's opening funds from the treasury, so gains of holders are paid from real funds. */
export const DESK_SEED = '1000000'
const MINUTE = 60_000

const componentsOf = (r: ProductRow): Component[] =>
  Array.isArray(r.components) ? (r.components as Component[]) : []
const launched = (r: ProductRow) => r.nav_reb !== null

/**
 * ETF use cases (issue 15): NAV from index prices (common/etf/nav.ts), subscribe and redeem at NAV
 * through the ledger against the `etf_desk` system account, launch, daily and intraday rebalances,
 * NAV history, and the console's create / pause / resume / close. Every change is one transaction
 * that locks the product row first, so a close and an order never interleave.
 */
export class EtfService {
  private seeded: Promise<void> | null = null
  /** Daily slots this process has seen claimed (the database row is the real guard). */
  private readonly dailyDone = new Set<string>()

  constructor(
    readonly db: Db,
    readonly market: MarketData,
  ) {}

  /** The index price of an instrument now, or null before the first tick. */
  price(symbol: string): string | null {
    const last = this.market.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  /** A product's NAV now; null until launched or while a price is missing. */
  navOf(r: ProductRow): string | null {
    if (r.status === 'closed') return r.close_nav === null ? null : normalize(r.close_nav)
    if (!launched(r)) return null
    if (r.kind === 'leveraged') {
      const p = r.underlying ? this.price(r.underlying) : null
      return p ? leveragedNav(this.levState(r), p) : null
    }
    const prices = this.prices(componentsOf(r).map((c) => c.symbol))
    return prices ? basketNav(componentsOf(r) as BasketComponent[], prices) : null
  }

  private levState(r: ProductRow): LeveragedState {
    return { navReb: r.nav_reb as string, pReb: r.p_reb as string, leverage: r.leverage as string }
  }

  private prices(symbols: string[]): Record<string, string> | null {
    const out: Record<string, string> = {}
    for (const s of symbols) {
      const p = this.price(s)
      if (!p) return null
      out[s] = p
    }
    return out
  }

  async products(): Promise<ProductRow[]> {
    return this.db.selectFrom('etf_product').selectAll().orderBy('sort').orderBy('code').execute()
  }

  async product(code: string, trx: Tx = this.db, lock = false): Promise<ProductRow> {
    let q = trx.selectFrom('etf_product').selectAll().where('code', '=', code)
    if (lock) q = q.forUpdate()
    const r = await q.executeTakeFirst()
    if (!r) throw new AppError('etfNotFound')
    return r
  }

  /** The desk starts with DESK_SEED USDT from the treasury, once (the entry's reference is looked up first). */
  seedDesk(): Promise<void> {
    this.seeded ??= this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('etf.desk_seed'))`.execute(trx)
      const done = await trx
        .selectFrom('ledger_entry')
        .select('id')
        .where('ref_type', '=', 'etf_desk_seed')
        .executeTakeFirst()
      if (done) return
      await postEntry(trx, {
        reason: 'market_maker_funding',
        refType: 'etf_desk_seed',
        memo: 'ETF desk: initial funding from the treasury',
        postings: move(TREASURY, desk(USDT), DESK_SEED),
      })
    })
    return this.seeded
  }

  // ---- reads ----

  async toWire(r: ProductRow, now = Date.now()): Promise<EtfProduct> {
    const nav = this.navOf(r)
    const supply = await this.supply(r.code)
    let change: string | null = null
    if (nav !== null) {
      const since = now - 24 * 3600_000
      const before = await this.db
        .selectFrom('etf_nav')
        .select(['ts', 'nav'])
        .where('product', '=', r.code)
        .where('ts', '<=', since)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst()
      const first =
        before ??
        (await this.db
          .selectFrom('etf_nav')
          .select(['ts', 'nav'])
          .where('product', '=', r.code)
          .orderBy('ts', 'asc')
          .limit(1)
          .executeTakeFirst())
      change = first ? change24h([{ ts: Number(first.ts), nav: normalize(first.nav) }], nav, now) : null
    }
    return {
      code: r.code,
      name: r.name,
      kind: r.kind,
      underlying: r.underlying,
      base: r.underlying ? (this.market.instrument(r.underlying)?.base ?? null) : null,
      leverage: r.leverage === null ? null : normalize(r.leverage),
      components: componentsOf(r).map((c) => ({
        symbol: c.symbol,
        base: this.market.instrument(c.symbol)?.base ?? c.symbol,
        weight: normalize(c.weight),
        units: c.units === null ? '0' : normalize(c.units),
        price: this.price(c.symbol),
      })),
      status: r.status,
      nav,
      change24h: change,
      subscribeFee: normalize(r.subscribe_fee),
      redeemFee: normalize(r.redeem_fee),
      minAmount: normalize(r.min_amount),
      rebalancePrice: r.p_reb === null ? null : normalize(r.p_reb),
      rebalanceNav: r.nav_reb === null ? null : normalize(r.nav_reb),
      rebalancedAt: r.rebalanced_at ? new Date(r.rebalanced_at).getTime() : null,
      nextRebalanceAt: nextRebalanceAt(now),
      supply,
    }
  }

  /** Units outstanding: the desk issues them, so its (negative) unit balance is minus the supply. */
  async supply(code: string): Promise<string> {
    const b = await this.db
      .selectFrom('balance')
      .select('available')
      .where('holder', '=', SYSTEM_HOLDER)
      .where('account', '=', 'etf_desk')
      .where('asset', '=', code)
      .executeTakeFirst()
    return b ? normalize(neg(b.available)) : '0'
  }

  async holdings(userId: string): Promise<EtfHolding[]> {
    const rows = await this.db
      .selectFrom('balance')
      .innerJoin('etf_product', 'etf_product.code', 'balance.asset')
      .select(['balance.asset', 'balance.available'])
      .where('balance.holder', '=', userId)
      .where('balance.account', '=', ACCOUNT)
      .where('balance.available', '>', '0')
      .orderBy('etf_product.sort')
      .execute()
    const products = new Map((await this.products()).map((p) => [p.code, p]))
    return rows.map((b) => {
      const p = products.get(b.asset)
      const nav = p ? this.navOf(p) : null
      const units = normalize(b.available)
      return { product: b.asset, units, nav, value: nav === null ? null : round(mul(units, nav), 2, 'down') }
    })
  }

  async orders(
    userId: string,
    q: { product?: string; before?: string; limit: number },
  ): Promise<Page<EtfOrder>> {
    let query = this.db.selectFrom('etf_order').selectAll().where('holder', '=', userId)
    if (q.product) query = query.where('product', '=', q.product)
    if (q.before) query = query.where('id', '<', q.before)
    const rows = await query.orderBy('id', 'desc').limit(q.limit).execute()
    return {
      list: rows.map((o) => ({
        id: String(o.id),
        product: o.product,
        side: o.side,
        amount: normalize(o.amount),
        units: normalize(o.units),
        nav: normalize(o.nav),
        fee: normalize(o.fee),
        ts: new Date(o.created_at).getTime(),
      })),
      hasMore: rows.length === q.limit,
    }
  }

  /** Recorded NAV points (one a minute), thinned to about 300 points for the range, plus NAV now. */
  async history(code: string, range: EtfRange, now = Date.now()): Promise<EtfNavPoint[]> {
    const r = await this.product(code)
    const span = { '1d': 1, '7d': 7, '30d': 30 }[range] * 24 * 3600_000
    const step = { '1d': 5, '7d': 30, '30d': 120 }[range] * MINUTE
    const rows = await this.db
      .selectFrom('etf_nav')
      .select(['ts', 'nav'])
      .where('product', '=', code)
      .where('ts', '>=', now - span)
      .where(sql<boolean>`ts % ${step} = 0`)
      .orderBy('ts')
      .execute()
    const out = rows.map((p) => ({ ts: Number(p.ts), nav: normalize(p.nav) }))
    const nav = this.navOf(r)
    if (nav !== null && r.status !== 'closed') out.push({ ts: now, nav })
    return out
  }

  // ---- orders ----

  async subscribe(userId: string, input: EtfSubscribeInput): Promise<EtfOrder> {
    await this.seedDesk()
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const r = await this.product(input.product, trx, true)
      const nav = this.tradable(r)
      if (lt(input.amount, r.min_amount))
        throw new AppError('belowMinimum', {
          msg: `Trading amount below the minimum (${normalize(r.min_amount)} USDT)`,
          data: { field: 'amount', reason: 'below_minimum', min: normalize(r.min_amount) },
        })
      const { fee, units } = subscribeQuote(input.amount, nav, normalize(r.subscribe_fee))
      if (isZero(units)) throw new AppError('etfTooSmall')
      const order = await this.insertOrder(trx, {
        holder: userId,
        product: r.code,
        side: 'subscribe',
        amount: input.amount,
        units,
        nav,
        fee,
      })
      const user = { holder: userId, account: ACCOUNT, asset: USDT }
      await postEntry(trx, {
        reason: 'etf_subscribe',
        refType: 'etf_order',
        refId: order.id,
        actorId: userId,
        postings: [
          ...move(user, desk(USDT), input.amount),
          ...move(desk(USDT), FEES, fee),
          ...move(desk(r.code), { holder: userId, account: ACCOUNT, asset: r.code }, units),
        ],
      })
      return order
    })
  }

  async redeem(userId: string, input: EtfRedeemInput): Promise<EtfOrder> {
    await this.seedDesk()
    return this.db.transaction().execute(async (trx) => {
      await assertCanMoveFunds(trx, userId)
      const r = await this.product(input.product, trx, true)
      const nav = this.tradable(r)
      const q = redeemQuote(input.units, nav, normalize(r.redeem_fee))
      if (!gt(q.paid, '0')) throw new AppError('etfTooSmall')
      const order = await this.insertOrder(trx, {
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
          ...move({ holder: userId, account: ACCOUNT, asset: r.code }, desk(r.code), input.units),
          ...move(desk(USDT), { holder: userId, account: ACCOUNT, asset: USDT }, q.paid),
          ...move(desk(USDT), FEES, q.fee),
        ],
      })
      return order
    })
  }

  /** The NAV an order trades at, or the reason it cannot trade. */
  private tradable(r: ProductRow): string {
    if (r.status === 'closed') throw new AppError('etfClosed')
    if (r.status === 'paused') throw new AppError('etfPaused')
    const nav = this.navOf(r)
    if (nav === null || isZero(nav)) throw new AppError('etfNoPrice')
    return nav
  }

  private async insertOrder(
    trx: Tx,
    o: {
      holder: string
      product: string
      side: EtfOrder['side']
      amount: string
      units: string
      nav: string
      fee: string
    },
  ): Promise<EtfOrder> {
    const row = await trx
      .insertInto('etf_order')
      .values(o)
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow()
    return { id: String(row.id), ...o, ts: new Date(row.created_at).getTime() }
  }

  // ---- launch, rebalance, history (the scheduler's work; each step idempotent) ----

  /** Sets the NAV reference of products not launched yet whose prices are all there. */
  async launchPending(now = Date.now()): Promise<string[]> {
    const done: string[] = []
    for (const p of await this.products()) {
      if (launched(p) || p.status === 'closed') continue
      const ok = await this.db.transaction().execute(async (trx) => {
        const r = await this.product(p.code, trx, true)
        if (launched(r) || r.status === 'closed') return false
        const set = this.referenceAt(r, LAUNCH_NAV)
        if (!set) return false
        await trx
          .updateTable('etf_product')
          .set({ ...set, rebalanced_at: new Date(now), updated_at: new Date(now) })
          .where('code', '=', r.code)
          .execute()
        await trx
          .insertInto('etf_rebalance')
          .values({
            product: r.code,
            kind: 'launch',
            slot: 0,
            nav: LAUNCH_NAV,
            price: set.p_reb ?? null,
            components: set.components ?? null,
          })
          .execute()
        return true
      })
      if (ok) done.push(p.code)
    }
    return done
  }

  /** The new reference (NAV unchanged = `nav`) at the current prices, or null when a price is missing. */
  private referenceAt(
    r: ProductRow,
    nav: string,
  ): { nav_reb: string; p_reb?: string; components?: string } | null {
    if (r.kind === 'leveraged') {
      const p = r.underlying ? this.price(r.underlying) : null
      return p ? { nav_reb: nav, p_reb: p } : null
    }
    const comps = componentsOf(r)
    const prices = this.prices(comps.map((c) => c.symbol))
    if (!prices) return null
    return { nav_reb: nav, components: JSON.stringify(basketUnits(comps, nav, prices)) }
  }

  /**
   * The daily rebalance of the slot at or before `now` (00:00 UTC+8), for every launched, open
   * product that was last rebalanced before that slot. The (product, slot) row is the claim: a
   * second run, in this process or after a restart, finds it and does nothing.
   */
  async rebalanceDaily(now = Date.now()): Promise<string[]> {
    const slot = lastRebalanceAt(now)
    const done: string[] = []
    for (const p of await this.products()) {
      if (!launched(p) || p.status === 'closed') continue
      const key = `${p.code}@${slot}`
      if (this.dailyDone.has(key)) continue
      const r = await this.rebalanceOne(p.code, 'daily', slot, now)
      if (r !== null) this.dailyDone.add(key)
      if (r) done.push(p.code)
    }
    return done
  }

  /** Leveraged products whose index moved INTRADAY_MOVE from the last rebalance: rebalanced now. */
  async rebalanceIntraday(now = Date.now()): Promise<string[]> {
    const done: string[] = []
    for (const p of await this.products()) {
      if (p.kind !== 'leveraged' || !launched(p) || p.status === 'closed' || !p.underlying) continue
      const price = this.price(p.underlying)
      if (!price || !needsIntradayRebalance(this.levState(p), price)) continue
      if (await this.rebalanceOne(p.code, 'intraday', now, now)) done.push(p.code)
    }
    return done
  }

  /** true: rebalanced; false: the slot was claimed already (or nothing to do); null: no price yet, try again. */
  private async rebalanceOne(
    code: string,
    kind: 'daily' | 'intraday',
    slot: number,
    now: number,
  ): Promise<boolean | null> {
    return this.db.transaction().execute(async (trx) => {
      const r = await this.product(code, trx, true)
      if (!launched(r) || r.status === 'closed') return false
      // Its reference is already newer than the slot (launched or rebalanced intraday since).
      if (kind === 'daily' && r.rebalanced_at && new Date(r.rebalanced_at).getTime() >= slot) return false
      if (kind === 'intraday') {
        const p = r.underlying ? this.price(r.underlying) : null
        if (!p || !needsIntradayRebalance(this.levState(r), p)) return false
      }
      const nav = this.navOf(r)
      if (nav === null) return null
      const set = this.referenceAt(r, nav)
      if (!set) return null
      if (!(await this.claim(trx, r.code, kind, slot, nav, set.p_reb ?? null, set.components ?? null)))
        return false
      await trx
        .updateTable('etf_product')
        .set({ ...set, rebalanced_at: new Date(now), updated_at: new Date(now) })
        .where('code', '=', r.code)
        .execute()
      return true
    })
  }

  private async claim(
    trx: Tx,
    product: string,
    kind: 'daily' | 'intraday',
    slot: number,
    nav: string,
    price: string | null,
    components: string | null,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('etf_rebalance')
      .values({ product, kind, slot, nav, price, components })
      .onConflict((oc) => oc.columns(['product', 'slot']).doNothing())
      .returning('id')
      .executeTakeFirst()
    return row !== undefined
  }

  /** One NAV point per launched open product for the minute of `now` (an existing point stays). */
  async recordNav(now = Date.now()): Promise<number> {
    const ts = Math.floor(now / MINUTE) * MINUTE
    const rows: { product: string; ts: number; nav: string }[] = []
    for (const p of await this.products()) {
      if (p.status === 'closed') continue
      const nav = this.navOf(p)
      if (nav !== null) rows.push({ product: p.code, ts, nav })
    }
    if (!rows.length) return 0
    const res = await this.db
      .insertInto('etf_nav')
      .values(rows)
      .onConflict((oc) => oc.columns(['product', 'ts']).doNothing())
      .returning('product')
      .execute()
    return res.length
  }

  // ---- console ----

  async create(input: EtfCreateInput): Promise<ProductRow> {
    const taken =
      (await this.db
        .selectFrom('etf_product')
        .select('code')
        .where('code', '=', input.code)
        .executeTakeFirst()) ??
      (await this.db.selectFrom('asset').select('code').where('code', '=', input.code).executeTakeFirst())
    if (taken) throw new AppError('etfExists')
    const known = (s: string) => this.market.instrument(s) !== undefined
    if (input.kind === 'leveraged') {
      if (!input.underlying || !known(input.underlying)) throw new AppError('etfInvalid')
    } else {
      const comps = input.components ?? []
      const symbols = new Set(comps.map((c) => c.symbol))
      if (symbols.size !== comps.length || !comps.every((c) => known(c.symbol)))
        throw new AppError('etfInvalid')
      if (!weightsValid(comps.map((c) => c.weight))) throw new AppError('etfInvalid')
    }
    const max = await this.db
      .selectFrom('etf_product')
      .select(sql<number>`coalesce(max(sort), 0)::int`.as('m'))
      .executeTakeFirst()
    await this.db
      .insertInto('etf_product')
      .values({
        code: input.code,
        name: input.name,
        kind: input.kind,
        underlying: input.kind === 'leveraged' ? (input.underlying ?? null) : null,
        leverage: input.kind === 'leveraged' ? (input.leverage ?? null) : null,
        components: JSON.stringify(
          input.kind === 'basket'
            ? (input.components ?? []).map((c) => ({
                symbol: c.symbol,
                weight: normalize(c.weight),
                units: null,
              }))
            : [],
        ),
        subscribe_fee: input.subscribeFee,
        redeem_fee: input.redeemFee,
        min_amount: input.minAmount,
        sort: Number(max?.m ?? 0) + 1,
      })
      .execute()
    await this.launchPending()
    return this.product(input.code)
  }

  async setStatus(
    code: string,
    status: 'active' | 'paused',
  ): Promise<{ before: ProductRow; after: ProductRow }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.product(code, trx, true)
      if (before.status === 'closed') throw new AppError('etfClosed')
      await trx
        .updateTable('etf_product')
        .set({ status, updated_at: new Date() })
        .where('code', '=', code)
        .execute()
      return { before, after: await this.product(code, trx) }
    })
  }

  /**
   * Closes a product: every holder's units are redeemed at the NAV of this moment, without a fee,
   * through the ledger (one entry per holder), then the product takes no more orders.
   */
  async close(
    code: string,
    actorId: string,
  ): Promise<{ before: ProductRow; after: ProductRow; holders: number; nav: string | null }> {
    await this.seedDesk()
    return this.db.transaction().execute(async (trx) => {
      const before = await this.product(code, trx, true)
      if (before.status === 'closed') throw new AppError('etfClosed')
      const nav = launched(before) ? this.navOf({ ...before, status: 'active' }) : null
      if (launched(before) && nav === null) throw new AppError('etfNoPrice')
      const holders = await trx
        .selectFrom('balance')
        .select(['holder', 'available'])
        .where('account', '=', ACCOUNT)
        .where('asset', '=', code)
        .where('holder', '<>', SYSTEM_HOLDER)
        .where('available', '>', '0')
        .orderBy('holder')
        .execute()
      if (holders.length && nav !== null) {
        const batch = new LedgerBatch(trx)
        const keys: BalanceKey[] = [desk(code), desk(USDT)]
        for (const h of holders)
          keys.push(
            { holder: h.holder, account: ACCOUNT, asset: code },
            { holder: h.holder, account: ACCOUNT, asset: USDT },
          )
        await batch.lock(keys)
        const orders = []
        for (const h of holders) {
          const units = normalize(h.available)
          const { gross } = redeemQuote(units, nav, '0')
          orders.push({
            holder: h.holder,
            product: code,
            side: 'close' as const,
            amount: gross,
            units,
            nav,
            fee: '0',
          })
        }
        const rows = await trx.insertInto('etf_order').values(orders).returning(['id', 'holder']).execute()
        for (const [i, h] of holders.entries()) {
          const o = orders[i] as (typeof orders)[number]
          const postings: Posting[] = [
            ...move({ holder: h.holder, account: ACCOUNT, asset: code }, desk(code), o.units),
            ...move(desk(USDT), { holder: h.holder, account: ACCOUNT, asset: USDT }, o.amount),
          ]
          batch.post({
            reason: 'etf_redeem',
            refType: 'etf_order',
            refId: String(rows[i]?.id),
            actorId,
            memo: `product ${code} closed`,
            postings,
          })
        }
        await batch.flush()
      }
      await trx
        .updateTable('etf_product')
        .set({ status: 'closed', close_nav: nav, updated_at: new Date() })
        .where('code', '=', code)
        .execute()
      return { before, after: await this.product(code, trx), holders: holders.length, nav }
    })
  }
}

const services = new WeakMap<Db, EtfService>()

/** One service per database (the routes, the scheduler and the test hooks share it). */
export function etfService(db: Db, market: MarketData): EtfService {
  let s = services.get(db)
  if (!s) {
    s = new EtfService(db, market)
    services.set(db, s)
  }
  return s
}
