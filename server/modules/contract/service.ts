import { lastFundingAt, premiumOf } from '@common/contract/funding'
import { type AccountPosition, accountRisk } from '@common/contract/liquidation'
import type { ContractOrder, ContractPlaceInput, ContractSide } from '@common/contract/schema'
import { add, gt, isZero, mul, normalize, sub, toFixed } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import type { DepthSnapshot } from '@common/spot/schema'
import { sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import { AppError } from '../../http/errors'
import { move, postEntry, readBalances, type Tx } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import { ContractEngine, type Pass } from './engine'
import { liquidateAccount, unwindFund } from './liquidate'
import {
  CLEARING,
  INSURANCE,
  loadInstruments,
  MONEY_DP,
  type OrderRow,
  orderToWire,
  type PositionRow,
  posKey,
  TREASURY,
  wallet,
} from './model'
import * as orders from './orders'
import * as positions from './positions'
import { wirePositionBasic } from './wire'
import { writePass } from './write'

export type Source = OrderRow['source']

/**
 * Perpetual contract use cases (issue 14). One engine per market owned by this service, every
 * change through one serialized pipeline: each use case is one transaction (lock the balances,
 * match, settle, write the orders, fills, positions and ledger entries), its events are emitted
 * after commit, and the in-memory state is reloaded from the database if it fails.
 */
export class ContractService extends ContractEngine {
  private market: MarketData | null = null
  private tail: Promise<unknown> = Promise.resolve()
  private loaded: Promise<void> | null = null
  /** Premium samples of the current funding interval, per symbol (see funding.ts). */
  private readonly samples = new Map<string, { slot: number; list: string[] }>()
  private readonly followers = new Map<string, (symbol: string) => Promise<unknown>>()

  constructor(db: Db) {
    super(db)
  }

  attachMarket(market: MarketData): void {
    this.market = market
  }

  premiumSamples(symbol: string): string[] {
    const s = this.samples.get(symbol)
    return s && s.slot === lastFundingAt(Date.now()) ? s.list : []
  }

  /** Adds one premium sample (book mid against the index) to the current interval, and stores it. */
  async samplePremium(symbol: string): Promise<void> {
    const inst = this.insts.get(symbol)
    const index = this.mark(symbol)
    const b = this.books.get(symbol)
    if (!inst || !index || !b) return
    const bid = b.bestBid()
    const ask = b.bestAsk()
    const p = premiumOf(
      bid === null ? null : fromUnits(bid, inst.pp),
      ask === null ? null : fromUnits(ask, inst.pp),
      index,
    )
    if (p === null) return
    const slot = lastFundingAt(Date.now())
    const cur = this.samples.get(symbol)
    if (!cur || cur.slot !== slot) this.samples.set(symbol, { slot, list: [p] })
    else cur.list.push(p)
    await this.db
      .insertInto('contract_premium_sample')
      .values({ symbol, slot: String(slot), premium: p })
      .execute()
  }

  /**
   * The samples of the funding interval that started at `slot`, from the database (so an interval
   * that ended before a restart keeps its samples): what the round paid at the interval's end uses.
   */
  async samplesOf(db: Tx, symbol: string, slot: number): Promise<string[]> {
    const rows = await db
      .selectFrom('contract_premium_sample')
      .select('premium')
      .where('slot', '=', String(slot))
      .where('symbol', '=', symbol)
      .orderBy('id')
      .execute()
    return rows.map((r) => normalize(r.premium))
  }

  /** The current interval's samples from the database (after a restart). */
  private async loadSamples(): Promise<void> {
    const slot = lastFundingAt(Date.now())
    this.samples.clear()
    const rows = await this.db
      .selectFrom('contract_premium_sample')
      .select(['symbol', 'premium'])
      .where('slot', '=', String(slot))
      .orderBy('id')
      .execute()
    for (const r of rows) {
      const cur = this.samples.get(r.symbol) ?? { slot, list: [] }
      cur.list.push(normalize(r.premium))
      this.samples.set(r.symbol, cur)
    }
  }

  /** Index price = mark price of a symbol, null before the first tick. */
  mark(symbol: string): string | null {
    const last = this.market?.ticker(symbol)?.last
    return last && gt(last, '0') ? last : null
  }

  init(): Promise<void> {
    this.loaded ??= this.exclusive(async () => {
      await this.reload()
      await this.seedInsurance()
      await this.sweepDust()
      await this.loadSamples()
    })
    return this.loaded
  }

  /**
   * Balances booked before the rounding rule (common/contract/margin.ts toPlatform) may carry more
   * than USDT's 6 places (330.064223994): the places beyond 6 go to contract_clearing, through the
   * ledger, from available and from position margins, so "transfer all" works again. Runs at
   * start; finds nothing once done.
   */
  private async sweepDust(): Promise<void> {
    const rows = await this.db
      .selectFrom('balance')
      .select('holder')
      .where('account', '=', 'contract')
      .where('asset', '=', 'USDT')
      .where((eb) =>
        eb.or([
          eb('available', '<>', sql<string>`trunc(available, ${MONEY_DP})`),
          eb('frozen', '<>', sql<string>`trunc(frozen, ${MONEY_DP})`),
        ]),
      )
      .execute()
    if (rows.length === 0) return
    const holders = rows.map((r) => r.holder)
    await this.transact(async (pass) => {
      await this.lockFor(pass, holders)
      for (const h of holders) {
        const w = wallet(h)
        const dustOf = (x: string) => sub(x, toFixed(x, MONEY_DP, 'down'))
        const postings = []
        for (const p of this.positionsOf(h)) {
          const d = dustOf(p.margin)
          if (isZero(d)) continue
          const k = posKey(p.holder, p.symbol, p.side)
          this.positions.set(k, { ...p, margin: sub(p.margin, d), updated_at: pass.now })
          pass.positions.add(k)
          postings.push(...move({ ...w, bucket: 'frozen' }, CLEARING, d))
        }
        const bal = pass.ledger.balance(w)
        if (bal && gt(dustOf(bal.available), '0')) postings.push(...move(w, CLEARING, dustOf(bal.available)))
        if (postings.length)
          pass.ledger.post({
            reason: 'contract_settlement',
            refType: 'contract_rounding',
            refId: h,
            memo: `amounts beyond ${MONEY_DP} places (booked before the rounding rule)`,
            postings,
          })
      }
    })
  }

  /**
   * The insurance fund starts with 1,000,000 USDT from the treasury (once: the entry's reference
   * is looked up first), so a liquidation gap is paid from real funds on the first day.
   */
  private async seedInsurance(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.executeQuery(
        sql`select pg_advisory_xact_lock(hashtext('contract.insurance_seed'))`.compile(trx),
      )
      const seeded = await trx
        .selectFrom('ledger_entry')
        .select('id')
        .where('ref_type', '=', 'insurance_seed')
        .executeTakeFirst()
      if (seeded) return
      await postEntry(trx, {
        reason: 'insurance',
        refType: 'insurance_seed',
        memo: 'risk protection fund: initial funding from the treasury',
        postings: move(TREASURY, INSURANCE, '1000000'),
      })
    })
  }

  /**
   * Cluster: this core has just become the owner of the perpetual engine; every book, order,
   * position and the interval's premium samples are read again from the database.
   */
  adopt(): Promise<void> {
    return this.init().then(() =>
      this.exclusive(async () => {
        await this.reload()
        await this.loadSamples()
      }),
    )
  }

  /** Re-reads settings (after a console change). */
  async reloadSettings(): Promise<void> {
    await this.exclusive(async () => {
      for (const i of await loadInstruments(this.db)) this.insts.set(i.symbol, i)
    })
  }

  private async reload(): Promise<void> {
    this.insts.clear()
    for (const i of await loadInstruments(this.db)) this.insts.set(i.symbol, i)
    this.positions.clear()
    for (const p of await this.db.selectFrom('contract_position').selectAll().execute())
      this.positions.set(posKey(p.holder, p.symbol, p.side), p)
    this.open.clear()
    this.books.clear()
    const open = await this.db
      .selectFrom('contract_order')
      .selectAll()
      .where('status', 'in', ['open', 'partial'])
      .orderBy('id')
      .execute()
    for (const o of open) {
      const inst = this.insts.get(o.symbol)
      if (!inst || o.type !== 'limit' || o.price === null) continue
      const side =
        o.kind === 'close' ? (o.side === 'long' ? 'sell' : 'buy') : o.side === 'long' ? 'buy' : 'sell'
      this.book(o.symbol).add(
        Number(o.id),
        side,
        toUnits(toFixed(o.price, inst.pp), inst.pp),
        Number(o.lots) - Number(o.filled_lots),
        o.holder,
      )
      this.open.set(Number(o.id), o)
    }
  }

  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.tail = run.catch(() => undefined)
    return run
  }

  /** One transaction; the state is reloaded if it fails, events go out if it commits. */
  async transact<T>(fn: (pass: Pass) => Promise<T>): Promise<T> {
    let pass: Pass | null = null
    let result: T
    try {
      result = await this.db.transaction().execute(async (trx) => {
        pass = this.newPass(trx)
        const r = await fn(pass)
        await writePass(this, pass)
        return r
      })
    } catch (err) {
      // Memory changes only through the pass (books, orders, positions): untouched, nothing to undo
      // (a refusal before any change, e.g. no liquidity for a trigger, costs no reload).
      const p = pass as Pass | null
      if (!p || p.books.size || p.orders.size || p.positions.size) await this.reload()
      throw err
    }
    const done = pass as unknown as Pass
    for (const s of done.books) this.emit('book', s)
    for (const [s, list] of done.trades) this.emit('trades', s, list)
    for (const o of done.orders.values())
      if (!o.holder.startsWith('mm:'))
        this.emit('user', o.holder, { contractOrder: orderToWire(o, this.inst(o.symbol).pp) })
    for (const k of done.positions) {
      const [holder = '', symbol = '', side = 'long'] = k.split('|')
      if (holder.startsWith('mm:')) continue
      const p = this.positions.get(k)
      const bal = done.ledger.balance(wallet(holder))
      this.emit('user', holder, {
        position: p
          ? this.wirePosition(p, bal ? add(bal.available, bal.frozen) : undefined)
          : { symbol, side: side as ContractSide, lots: '0' },
      })
    }
    for (const [h, m] of done.messages) this.emit('user', h, m)
    this.emit('touched', [...done.holders])
    return result
  }

  /** A position on the wire, with its estimated liquidation price and the account's risk rate. */
  wirePosition(p: PositionRow, walletBalance?: string) {
    return wirePositionBasic(this, p, walletBalance)
  }

  depth(symbol: string, limit: number): DepthSnapshot {
    const inst = this.insts.get(symbol)
    const b = this.books.get(symbol)
    if (!inst || !b) return { symbol, bids: [], asks: [], ts: Date.now() }
    const d = b.depth(limit)
    const conv = (l: { price: number; qty: number }) => ({
      price: fromUnits(l.price, inst.pp),
      amount: mul(String(l.qty), inst.lotSize),
    })
    return { symbol, bids: d.bids.map(conv), asks: d.asks.map(conv), ts: Date.now() }
  }

  // ---- use cases ---------------------------------------------------------------------------

  async place(holder: string, input: ContractPlaceInput, source: Source = 'user'): Promise<ContractOrder> {
    await this.init()
    return this.exclusive(() =>
      this.transact(async (pass) => {
        const o = await this.openIn(pass, holder, input, source)
        return orderToWire(o, this.inst(o.symbol).pp)
      }),
    )
  }

  openIn(pass: Pass, holder: string, input: ContractPlaceInput, source: Source): Promise<OrderRow> {
    return orders.openIn(this, pass, holder, input, source)
  }

  newOrder(...args: Parameters<typeof orders.newOrder> extends [unknown, ...infer R] ? R : never): OrderRow {
    return orders.newOrder(this, ...args)
  }

  /** Margin balance and maintenance margin of a holder at the current marks (null: no position). */
  riskOf(holder: string, walletBalance: string, extra: AccountPosition[] = []) {
    const list: AccountPosition[] = [...extra]
    for (const p of this.positionsOf(holder)) {
      const mark = this.mark(p.symbol) ?? p.avg_price
      const inst = this.inst(p.symbol)
      list.push({
        symbol: p.symbol,
        side: p.side,
        qty: mul(p.lots, inst.lotSize),
        entry: p.avg_price,
        mark,
        tiers: inst.tiers,
      })
    }
    return list.length ? accountRisk(walletBalance, list) : null
  }

  async cancel(holder: string, id: string): Promise<ContractOrder> {
    await this.init()
    return this.exclusive(async () => {
      const o = /^\d+$/.test(id) ? this.open.get(Number(id)) : undefined
      if (!o || o.holder !== holder) {
        const found = await this.db
          .selectFrom('contract_order')
          .select('holder')
          .where('id', '=', id)
          .executeTakeFirst()
        // Another holder's order reads as missing.
        if (!found || found.holder !== holder) throw new AppError('orderNotFound')
        throw new AppError('orderNotOpen')
      }
      return this.transact(async (pass) => {
        await this.lockFor(pass, [holder])
        return orderToWire(this.cancelIn(pass, o), this.inst(o.symbol).pp)
      })
    })
  }

  async cancelAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return this.exclusive(async () => {
      const mine = this.openOrdersOf(holder, symbol)
      if (mine.length === 0) return 0
      await this.transact(async (pass) => {
        await this.lockFor(pass, [holder])
        for (const o of mine) this.cancelIn(pass, o)
      })
      return mine.length
    })
  }

  closeIn(
    ...args: Parameters<typeof orders.closeIn> extends [unknown, ...infer R] ? R : never
  ): Promise<OrderRow> {
    return orders.closeIn(this, ...args)
  }

  close(holder: string, input: Parameters<typeof positions.close>[2]): Promise<ContractOrder> {
    return positions.close(this, holder, input)
  }

  closeAll(holder: string, symbol?: string): Promise<number> {
    return positions.closeAll(this, holder, symbol)
  }

  reverse(holder: string, symbol: string, side: ContractSide): Promise<ContractOrder> {
    return positions.reverse(this, holder, symbol, side)
  }

  setTpsl(holder: string, input: Parameters<typeof positions.setTpsl>[2]): Promise<void> {
    return positions.setTpsl(this, holder, input)
  }

  runTriggers(symbol: string): Promise<number> {
    return positions.runTriggers(this, symbol)
  }

  liquidate(holder: string): Promise<boolean> {
    return liquidateAccount(this, holder)
  }

  /** The risk protection fund closes what it took over, within the protection band. */
  unwindFund(symbol: string): Promise<number> {
    return unwindFund(this, symbol)
  }

  /**
   * House quotes follow the index before triggers run: the market makers register here, and the
   * index tick (scheduler or dev hook) awaits followIndex before the liquidation scan and TP/SL,
   * so a gap never fills a stop or a liquidation against quotes of the old price.
   */
  setIndexFollower(holder: string, follow: ((symbol: string) => Promise<unknown>) | null): void {
    if (follow) this.followers.set(holder, follow)
    else this.followers.delete(holder)
  }

  async followIndex(symbol: string): Promise<void> {
    // A follower that fails (its funding, its database) must not hold up liquidations and stops.
    for (const f of this.followers.values()) await f(symbol).catch(() => undefined)
  }

  requote(holder: string, symbol: string, quotes: orders.Quote[]): Promise<void> {
    return orders.requote(this, holder, symbol, quotes)
  }

  /** Wallet balance (available + frozen) of a holder's contract account. */
  async walletOf(holder: string): Promise<{ available: string; frozen: string }> {
    const [b] = await readBalances(this.db, holder, { account: 'contract', asset: 'USDT' })
    return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' }
  }
}

/** One service per database, shared by the routes, the hub, the jobs and the market makers. */
export const contractService = perDb((db) => new ContractService(db))
