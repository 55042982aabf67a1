import { EventEmitter } from 'node:events'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { onTick } from '@common/market/tick'
import {
  add,
  type DecimalString,
  div,
  gt,
  isZero,
  lt,
  max,
  mul,
  normalize,
  round,
  sub,
  toFixed,
} from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import type { DepthSnapshot, PublicTrade, SpotOrder } from '@common/spot/schema'
import { type RawBuilder, sql } from 'kysely'
import { type Db, perDb } from '../../db/db'
import { OrderBook, type PlaceResult } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import { type BalanceKey, freeze, LedgerBatch, type Posting, type Tx, unfreeze } from '../../ledger/ledger'
import type { MarketData } from '../../market/service'
import type { PlaceInput } from '../../platform/ports/engines'
import { vipFeeRates } from '../../platform/ports/fee-rates'
import { type OrderRow, openOrdersOfSymbol, orderToWire, type TradeRow, tradeToPublic } from './repo'

export interface SpotEvents {
  /** The book of a symbol changed. */
  book: [symbol: string]
  trades: [symbol: string, trades: PublicTrade[]]
  order: [holder: string, order: SpotOrder]
}

/** Market makers and other platform holders: no user row, never frozen by the console. */
export const isSystemHolder = (holder: string): boolean =>
  holder === SYSTEM_HOLDER || holder.startsWith('mm:')

const ACCOUNT = 'spot'
const feeRateColumns = (r: { maker: string; taker: string }) => ({
  maker_fee_rate: r.maker,
  taker_fee_rate: r.taker,
})
const FEES = { holder: SYSTEM_HOLDER, account: 'fees' }
/** Most placements applied in one transaction (group commit). */
const MAX_BATCH = 128

interface Inst {
  symbol: string
  base: string
  quote: string
  category: string
  status: string
  pp: number
  ap: number
  qdp: number
  minAmount: string
  minNotional: string
  makerFee: string
  takerFee: string
}

/** What a transaction did, replayed to listeners after it commits. */
interface Effects {
  books: Set<string>
  trades: Map<string, PublicTrade[]>
  orders: Map<string, OrderRow>
}

/** One transaction of the pipeline: its ledger batch and the rows it will write at the end. */
interface Pass {
  trx: Tx
  ledger: LedgerBatch
  fx: Effects
  now: Date
  /** Order rows to insert (new) or update (existing), by id. */
  writes: Map<number, OrderRow>
  trades: Omit<TradeRow, 'id'>[]
}

/** A validated placement: everything but the book and the balances. */
interface Prepared {
  holder: string
  inst: Inst
  input: PlaceInput
  price: string | null
  amount: string | null
  quoteAmount: string | null
  lock: DecimalString
  priceU: number
  qtyU: number | null
  budgetU: number | null
}

interface Queued {
  holder: string
  input: PlaceInput
  resolve: (o: SpotOrder) => void
  reject: (e: unknown) => void
}

const key = (holder: string, asset: string): BalanceKey => ({ holder, account: ACCOUNT, asset })

/**
 * Spot use cases. One in-memory book per symbol plus an in-memory copy of every open order
 * (both rebuilt from the database on start and after any failed transaction); every change runs
 * in one serialized pipeline. Placements are group-committed: the orders queued while the
 * previous transaction ran are applied together in one transaction, in arrival order, with one
 * statement to lock every balance they can touch (and read the users' status), and one statement
 * to write the orders, the fills and the ledger. A placement that is refused (balance, limits)
 * changes nothing and does not disturb the others of its group.
 */
export class SpotService extends EventEmitter<SpotEvents> {
  private readonly books = new Map<string, OrderBook>()
  private readonly insts = new Map<string, Inst>()
  /** Open and partially filled orders, by id (the makers' state, without a read per fill). */
  private readonly open = new Map<number, OrderRow>()
  private tail: Promise<unknown> = Promise.resolve()
  private loaded: Promise<void> | null = null
  private market: MarketData | null = null
  private readonly queue: Queued[] = []
  private draining = false
  private ids: number[] = []
  /** Cluster: the markets whose books this process owns (unset: all of them, one process). */
  private owns: ((symbol: string) => boolean) | null = null

  constructor(private readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  /** Instrument status, limits and fees are then read from the market service's rows, which the console keeps current. */
  attachMarket(market: MarketData): void {
    this.market = market
  }

  /** Loads every spot book from the open orders (idempotent). */
  init(): Promise<void> {
    this.loaded ??= this.exclusive(async () => {
      await this.loadInstruments()
      for (const inst of this.insts.values()) if (inst.category === 'spot') await this.rebuild(inst.symbol)
    })
    return this.loaded
  }

  /**
   * Cluster: this core has just become the owner of `symbol`; its book and open orders are
   * rebuilt from the database (where the previous owner left them), behind any work in flight.
   */
  adopt(symbol: string): Promise<void> {
    return this.init().then(() => this.exclusive(() => this.rebuild(symbol)))
  }

  /**
   * Cluster: from now on the engine touches only the books `owns` accepts; anything else is
   * refused (marketUnavailable) when it runs, so work queued before a market was handed to
   * another core can never write to it.
   */
  setOwnership(owns: (symbol: string) => boolean): void {
    this.owns = owns
  }

  private checkOwned(symbol: string): void {
    if (this.owns && !this.owns(symbol)) throw new AppError('marketUnavailable')
  }

  /** Resolves once everything queued on the engine so far has run (before a market is handed over). */
  settled(): Promise<void> {
    return this.exclusive(async () => undefined)
  }

  /** The market of an order open in this process's books (a core checks a cancel reaches its owner). */
  symbolOfOpen(id: string): string | undefined {
    return /^\d+$/.test(id) ? this.open.get(Number(id))?.symbol : undefined
  }

  /**
   * Re-reads instrument rows (after they were changed other than through the console, which
   * updates the market service's copy itself).
   */
  async invalidate(symbol?: string): Promise<void> {
    await this.loadInstruments(symbol)
  }

  private async loadInstruments(symbol?: string): Promise<void> {
    let q = this.db.selectFrom('instrument').selectAll()
    if (symbol) q = q.where('symbol', '=', symbol)
    const rows = await q.execute()
    const precisions = new Map(
      (await this.db.selectFrom('asset').select(['code', 'precision']).execute()).map((a) => [
        a.code,
        a.precision,
      ]),
    )
    for (const r of rows) {
      this.insts.set(r.symbol, {
        symbol: r.symbol,
        base: r.base,
        quote: r.quote,
        category: r.category,
        status: r.status,
        pp: r.price_precision,
        ap: r.amount_precision,
        qdp: precisions.get(r.quote) ?? 8,
        minAmount: normalize(r.min_amount),
        minNotional: normalize(r.min_notional),
        makerFee: normalize(r.maker_fee),
        takerFee: normalize(r.taker_fee),
      })
      const m = this.market?.instrument(r.symbol)
      if (m)
        Object.assign(m, {
          status: r.status,
          min_amount: r.min_amount,
          min_notional: r.min_notional,
          maker_fee: r.maker_fee,
          taker_fee: r.taker_fee,
        })
    }
  }

  /** The instrument as it is now: the console's changes arrive through the market service's row. */
  private inst(symbol: string): Inst {
    const base = this.insts.get(symbol)
    if (!base) throw new AppError('unknownSymbol')
    const m = this.market?.instrument(symbol)
    if (!m) return base
    return {
      ...base,
      status: m.status,
      minAmount: normalize(m.min_amount),
      minNotional: normalize(m.min_notional),
      makerFee: normalize(m.maker_fee),
      takerFee: normalize(m.taker_fee),
    }
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.tail = run.catch(() => undefined)
    return run
  }

  book(symbol: string): OrderBook {
    let b = this.books.get(symbol)
    if (!b) {
      b = new OrderBook()
      this.books.set(symbol, b)
    }
    return b
  }

  private async rebuild(symbol: string): Promise<void> {
    const inst = this.insts.get(symbol)
    if (!inst) return
    for (const [id, o] of this.open) if (o.symbol === symbol) this.open.delete(id)
    const b = new OrderBook()
    for (const o of await openOrdersOfSymbol(this.db, symbol)) {
      if (o.type !== 'limit' || o.price === null || o.amount === null) continue
      const rest = sub(o.amount, o.filled)
      b.add(
        Number(o.id),
        o.side,
        toUnits(toFixed(o.price, inst.pp), inst.pp),
        toUnits(toFixed(rest, inst.ap), inst.ap),
        o.holder,
      )
      this.open.set(Number(o.id), o)
    }
    this.books.set(symbol, b)
  }

  /** Top `limit` levels per side as decimal strings. */
  depth(symbol: string, limit: number): DepthSnapshot {
    const inst = this.insts.get(symbol)
    const b = this.books.get(symbol)
    if (!inst || !b) return { symbol, bids: [], asks: [], ts: Date.now() }
    const d = b.depth(limit)
    const conv = (l: { price: number; qty: number }) => ({
      price: fromUnits(l.price, inst.pp),
      amount: fromUnits(l.qty, inst.ap),
    })
    return { symbol, bids: d.bids.map(conv), asks: d.asks.map(conv), ts: Date.now() }
  }

  // ---- use cases -------------------------------------------------------------------------

  async place(holder: string, input: PlaceInput): Promise<SpotOrder> {
    await this.init()
    return new Promise<SpotOrder>((resolve, reject) => {
      this.queue.push({ holder, input, resolve, reject })
      if (!this.draining) {
        this.draining = true
        void this.exclusive(() => this.drain())
      }
    })
  }

  /** One group of queued placements; queues itself again behind other work if more wait. */
  private async drain(): Promise<void> {
    let group: Queued[] = []
    try {
      // Let the requests already received reach the queue first (PGlite runs on this thread:
      // without a turn of the event loop the group would often be a single order).
      await new Promise<void>((r) => setImmediate(r))
      // The group is taken once the transaction has its connection: what queued meanwhile joins.
      const deferred = await this.placeGroup(() => {
        group = this.queue.splice(0, MAX_BATCH)
        return group
      })
      this.queue.unshift(...deferred)
    } catch (err) {
      // Settled promises ignore this: only the placements not answered yet fail.
      for (const q of group) q.reject(err)
    } finally {
      if (this.queue.length) void this.exclusive(() => this.drain())
      else this.draining = false
    }
  }

  private async placeGroup(take: () => Queued[]): Promise<Queued[]> {
    const results = new Map<Queued, OrderRow>()
    const refused = new Map<Queued, unknown>()
    let deferred: Queued[] = []
    const fx = newEffects()
    await this.transact(fx, async (pass) => {
      const group = take()
      const checked: { q: Queued; p: Prepared | null; err: unknown }[] = []
      for (const q of group) {
        try {
          checked.push({ q, p: this.prepare(q.holder, q.input), err: null })
        } catch (err) {
          checked.push({ q, p: null, err })
        }
      }

      // Every balance the group can touch, as the books stand now; a placement that would reach
      // a balance not locked here (the group changed the book) waits for the next group.
      const keys: BalanceKey[] = []
      for (const { p } of checked) {
        if (!p) continue
        keys.push(key(p.holder, p.inst.base), key(p.holder, p.inst.quote), { ...FEES, asset: p.inst.quote })
        for (const id of this.previewOf(p)) {
          const m = this.open.get(id)
          if (m) keys.push(key(m.holder, p.inst.base), key(m.holder, p.inst.quote))
        }
      }
      // Frozen users may look but not trade: their status is read by the lock statement.
      const users = [...new Set(group.map((q) => q.holder).filter((h) => !isSystemHolder(h)))]
      const status = await pass.ledger.lock(keys, users)
      const ready: { q: Queued; p: Prepared }[] = []
      for (const { q, p, err } of checked) {
        if (!isSystemHolder(q.holder) && status.get(q.holder) !== 'active')
          refused.set(q, new AppError('accountAbnormal'))
        else if (p) ready.push({ q, p })
        else refused.set(q, err)
      }
      if (ready.length === 0) return
      await this.reserveIds(pass.trx, ready.length)
      for (let i = 0; i < ready.length; i++) {
        const { q, p } = ready[i] as { q: Queued; p: Prepared }
        try {
          const row = this.placeIn(pass, p)
          if (row === null) {
            deferred = ready.slice(i).map((r) => r.q)
            break
          }
          results.set(q, row)
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          refused.set(q, err)
        }
      }
    })
    for (const [q, e] of refused) q.reject(e)
    for (const [q, row] of results) q.resolve(orderToWire(row, this.insts.get(row.symbol)?.pp))
    return deferred
  }

  async cancel(holder: string, id: string): Promise<SpotOrder> {
    await this.init()
    return this.exclusive(async () => {
      const o = /^\d+$/.test(id) ? this.open.get(Number(id)) : undefined
      if (!o || o.holder !== holder) {
        const found = /^\d+$/.test(id)
          ? await this.db.selectFrom('spot_order').select('holder').where('id', '=', id).executeTakeFirst()
          : undefined
        // Another holder's order reads as missing: nothing about it is revealed.
        if (!found || found.holder !== holder) throw new AppError('orderNotFound')
        throw new AppError('orderNotOpen')
      }
      this.checkOwned(o.symbol)
      const fx = newEffects()
      return this.transact(fx, async (pass) => {
        const inst = this.inst(o.symbol)
        await pass.ledger.lock([key(o.holder, o.side === 'buy' ? inst.quote : inst.base)])
        const row = this.cancelIn(pass, o)
        return orderToWire(row, inst.pp)
      })
    })
  }

  async cancelAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return this.exclusive(async () => {
      const mine = [...this.open.values()].filter(
        (o) => o.holder === holder && (symbol === undefined || o.symbol === symbol),
      )
      for (const o of mine) this.checkOwned(o.symbol)
      if (mine.length === 0) return 0
      const fx = newEffects()
      await this.transact(fx, async (pass) => {
        await pass.ledger.lock(
          mine.map((o) => {
            const inst = this.inst(o.symbol)
            return key(o.holder, o.side === 'buy' ? inst.quote : inst.base)
          }),
        )
        for (const o of mine) this.cancelIn(pass, o)
      })
      return mine.length
    })
  }

  /**
   * Market makers: make the holder's orders on `symbol` exactly `quotes`, atomically. An order
   * still whole at a quote's side, price and amount stays; the others are cancelled and the
   * missing quotes placed (nothing at all when the book already matches).
   */
  async requote(holder: string, symbol: string, quotes: PlaceInput[]): Promise<void> {
    await this.init()
    return this.exclusive(async () => {
      const wanted = quotes.map((q) => this.prepare(holder, q))
      const keyOf = (side: string, price: string, amount: string) =>
        `${side}:${normalize(price)}:${normalize(amount)}`
      const waiting = new Map<string, Prepared[]>()
      for (const p of wanted) {
        const k = keyOf(p.input.side, p.price ?? '0', p.amount ?? '0')
        waiting.set(k, [...(waiting.get(k) ?? []), p])
      }
      const mine: OrderRow[] = []
      for (const o of this.open.values()) {
        if (o.holder !== holder || o.symbol !== symbol) continue
        const same = isZero(o.filled)
          ? waiting.get(keyOf(o.side, o.price ?? '0', o.amount ?? '0'))
          : undefined
        if (same?.length) same.pop()
        else mine.push(o)
      }
      const prepared = [...waiting.values()].flat()
      if (mine.length === 0 && prepared.length === 0) return
      const fx = newEffects()
      await this.transact(fx, async (pass) => {
        const inst = this.inst(symbol)
        await pass.ledger.lock([
          key(holder, inst.base),
          key(holder, inst.quote),
          { ...FEES, asset: inst.quote },
        ])
        for (const o of mine) this.cancelIn(pass, o)
        await this.reserveIds(pass.trx, prepared.length)
        for (const p of prepared) {
          // The quotes may reach makers whose balances are not locked yet: lock and retry.
          for (;;) {
            if (this.placeIn(pass, p) !== null) break
            const more: BalanceKey[] = []
            for (const id of this.previewOf(p)) {
              const m = this.open.get(id)
              if (m && !pass.ledger.isLocked(key(m.holder, inst.base))) more.push(key(m.holder, inst.base))
              if (m && !pass.ledger.isLocked(key(m.holder, inst.quote))) more.push(key(m.holder, inst.quote))
            }
            if (more.length === 0) throw new Error('requote: no balance left to lock')
            await pass.ledger.lock(more)
          }
        }
      })
    })
  }

  // ---- the pipeline's steps ----------------------------------------------------------------

  /**
   * Runs `fn` in a transaction, then writes the orders, fills and ledger entries it produced;
   * rebuilds the touched books if anything fails, emits the effects if it commits.
   */
  private async transact<T>(fx: Effects, fn: (pass: Pass) => Promise<T>): Promise<T> {
    let result: T
    let pass: Pass | null = null
    try {
      result = await this.db.transaction().execute(async (trx) => {
        pass = { trx, ledger: new LedgerBatch(trx), fx, now: new Date(), writes: new Map(), trades: [] }
        const r = await fn(pass)
        await this.write(pass)
        return r
      })
    } catch (err) {
      // The books and open orders may be ahead of the rolled-back database: reload them.
      for (const s of fx.books) await this.rebuild(s)
      throw err
    }
    const done = pass as Pass | null
    if (done)
      for (const [id, row] of done.writes) {
        if (row.status === 'open' || row.status === 'partial') {
          if (row.type === 'limit') this.open.set(id, row)
        } else this.open.delete(id)
      }
    for (const s of fx.books) this.emit('book', s)
    for (const [s, list] of fx.trades) this.emit('trades', s, list)
    for (const o of fx.orders.values())
      if (!o.holder.startsWith('mm:'))
        this.emit('order', o.holder, orderToWire(o, this.insts.get(o.symbol)?.pp))
    return result
  }

  /**
   * Order ids come from the sequence, reserved in blocks (one query per block, about one group
   * in eight at full load; a restart skips what was left of the block).
   */
  private async reserveIds(trx: Tx, n: number): Promise<void> {
    if (this.ids.length >= n) return
    const want = Math.max(n - this.ids.length, 1024)
    const { rows } = await sql<{ id: string | number }>`
      select nextval(pg_get_serial_sequence('spot_order', 'id')) as id
      from generate_series(1, ${want}::int)`.execute(trx)
    this.ids.push(...rows.map((r) => Number(r.id)))
  }

  /** The pass's order rows (an upsert), fills (an insert) and ledger entries: one statement. */
  private async write(pass: Pass): Promise<void> {
    const { trx, writes } = pass
    const ctes: RawBuilder<unknown>[] = []
    if (writes.size) {
      const rows = [...writes.values()].map((o) => ({
        ...o,
        id: String(o.id),
        created_at: new Date(o.created_at).toISOString(),
        updated_at: new Date(o.updated_at).toISOString(),
      }))
      ctes.push(sql`spot_orders as (
        insert into spot_order (id, holder, symbol, side, type, price, amount, quote_amount, filled,
          filled_quote, fee, maker_fee_rate, taker_fee_rate, locked, status, created_at, updated_at)
        select v.id, v.holder, v.symbol, v.side, v.type, v.price, v.amount, v.quote_amount, v.filled,
          v.filled_quote, v.fee, v.maker_fee_rate, v.taker_fee_rate, v.locked, v.status, v.created_at, v.updated_at
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(id bigint, holder text, symbol text,
          side text, type text, price numeric, amount numeric, quote_amount numeric, filled numeric,
          filled_quote numeric, fee numeric, maker_fee_rate numeric, taker_fee_rate numeric,
          locked numeric, status text, created_at timestamptz, updated_at timestamptz)
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote,
          fee = excluded.fee, locked = excluded.locked, status = excluded.status,
          updated_at = excluded.updated_at)`)
    }
    if (pass.trades.length) {
      const trades = pass.trades.map((t, i) => ({
        ...t,
        ord: i,
        created_at: new Date(t.created_at).toISOString(),
      }))
      // The fills' foreign keys to orders written by the CTE above are checked at the end of the statement.
      ctes.push(sql`spot_trades as (
        insert into spot_trade (symbol, price, amount, quote, taker_side, maker_order_id, taker_order_id,
          maker_holder, taker_holder, maker_fee, taker_fee, created_at)
        select v.symbol, v.price, v.amount, v.quote, v.taker_side, v.maker_order_id, v.taker_order_id,
          v.maker_holder, v.taker_holder, v.maker_fee, v.taker_fee, v.created_at
        from json_to_recordset(${JSON.stringify(trades)}::json) as v(ord int, symbol text, price numeric,
          amount numeric, quote numeric, taker_side text, maker_order_id bigint, taker_order_id bigint,
          maker_holder text, taker_holder text, maker_fee numeric, taker_fee numeric, created_at timestamptz)
        order by v.ord
        returning *)`)
    }
    const ledger = pass.ledger.takeWrites()
    if (ledger) ctes.push(ledger)
    if (ctes.length === 0) return
    const { rows } = await sql<TradeRow>`
      with ${sql.join(ctes)}
      ${pass.trades.length ? sql`select * from spot_trades` : sql`select null where false`}`.execute(trx)
    rows.sort((a, b) => Number(a.id) - Number(b.id))
    for (const r of rows) {
      const list = pass.fx.trades.get(r.symbol) ?? []
      list.push(tradeToPublic(r))
      pass.fx.trades.set(r.symbol, list)
    }
  }

  private previewOf(p: Prepared): number[] {
    const book = this.book(p.inst.symbol)
    const side = p.input.side
    return p.input.type === 'limit'
      ? book.preview(side, p.priceU, p.qtyU, null, p.holder)
      : book.preview(side, null, p.qtyU, p.budgetU, p.holder)
  }

  /** Checks the input against the instrument; no I/O. */
  private prepare(holder: string, input: PlaceInput): Prepared {
    const inst = this.inst(input.symbol)
    this.checkOwned(input.symbol)
    if (inst.category !== 'spot') throw new AppError('unknownSymbol')
    if (inst.status !== 'trading') throw new AppError('marketSuspended')
    const { side, type } = input
    const feeMax = max(inst.makerFee, inst.takerFee)
    let price: string | null = null
    let amount: string | null = null
    let quoteAmount: string | null = null
    let lock: DecimalString
    let priceU = 0
    let qtyU: number | null = null
    let budgetU: number | null = null
    try {
      if (type === 'limit') {
        // The one tick rule (common/market/tick.ts): a price off the tick is refused, never rounded.
        amount = toFixed(input.amount ?? '0', inst.ap, 'down')
        if (isZero(input.price ?? '0') || isZero(amount)) throw new AppError('belowMinimum')
        price = onTick(input.price ?? '0', inst.pp)
        if (price === null) throw new AppError('priceOffTick')
        const notional = mul(price, amount)
        if (lt(amount, inst.minAmount) || lt(notional, inst.minNotional)) throw new AppError('belowMinimum')
        priceU = toUnits(toFixed(price, inst.pp), inst.pp)
        qtyU = toUnits(toFixed(amount, inst.ap), inst.ap)
        lock = side === 'buy' ? add(notional, round(mul(notional, feeMax), inst.qdp, 'up')) : amount
      } else if (side === 'sell') {
        amount = toFixed(input.amount ?? '0', inst.ap, 'down')
        if (isZero(amount) || lt(amount, inst.minAmount)) throw new AppError('belowMinimum')
        qtyU = toUnits(toFixed(amount, inst.ap), inst.ap)
        lock = amount
      } else {
        quoteAmount = toFixed(input.quoteAmount ?? '0', inst.qdp, 'down')
        if (isZero(quoteAmount) || lt(quoteAmount, inst.minNotional)) throw new AppError('belowMinimum')
        // The notional the budget can buy with the fee on top, at the book's resolution.
        const notional = toFixed(
          div(quoteAmount, add('1', inst.takerFee), inst.qdp + 2, 'down'),
          inst.pp + inst.ap,
          'down',
        )
        budgetU = toUnits(notional, inst.pp + inst.ap)
        lock = quoteAmount
      }
    } catch (err) {
      if (err instanceof AppError) throw err
      throw new AppError('priceOutOfRange')
    }
    return { holder, inst, input, price, amount, quoteAmount, lock, priceU, qtyU, budgetU }
  }

  private cancelIn(pass: Pass, o: OrderRow): OrderRow {
    const inst = this.inst(o.symbol)
    const asset = o.side === 'buy' ? inst.quote : inst.base
    if (gt(o.locked, '0'))
      pass.ledger.post({
        reason: 'spot_unfreeze',
        refType: 'spot_order',
        refId: String(o.id),
        postings: unfreeze(key(o.holder, asset), normalize(o.locked)),
      })
    const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
    pass.fx.books.add(o.symbol)
    this.book(o.symbol).cancel(Number(o.id))
    this.open.set(Number(o.id), row)
    pass.writes.set(Number(o.id), row)
    pass.fx.orders.set(String(o.id), row)
    return row
  }

  /**
   * Applies one placement in memory (book, ledger batch, rows to write). Returns null, having
   * changed nothing, when it would touch a balance the pass has not locked. An AppError
   * (insufficient balance, no liquidity) also leaves everything as it was.
   */
  private placeIn(pass: Pass, p: Prepared): OrderRow | null {
    const { inst, holder } = p
    const { side, type } = p.input
    const makerIds = this.previewOf(p)
    for (const id of makerIds) {
      const m = this.open.get(id)
      if (!m) throw new Error(`maker ${id} not loaded`)
      if (!pass.ledger.isLocked(key(m.holder, inst.base)) || !pass.ledger.isLocked(key(m.holder, inst.quote)))
        return null
    }
    const own = [key(holder, inst.base), key(holder, inst.quote), { ...FEES, asset: inst.quote }]
    if (!own.every((k) => pass.ledger.isLocked(k))) return null
    if (type === 'market' && makerIds.length === 0) throw new AppError('noLiquidity')

    const lockAsset = side === 'buy' ? inst.quote : inst.base
    const id = this.ids.shift()
    if (id === undefined) throw new Error('no order id reserved')
    // The freeze is checked first: a refusal leaves the book and the ledger untouched.
    pass.ledger.post({
      reason: 'spot_freeze',
      refType: 'spot_order',
      refId: String(id),
      postings: freeze(key(holder, lockAsset), p.lock),
    })

    const book = this.book(inst.symbol)
    pass.fx.books.add(inst.symbol)
    const result: PlaceResult =
      type === 'limit'
        ? book.placeLimit(id, side, p.priceU, p.qtyU as number, holder)
        : book.placeMarket(id, side, p.qtyU, p.budgetU, holder)

    const taker: OrderRow = {
      id: String(id),
      holder,
      symbol: inst.symbol,
      side,
      type,
      price: p.price,
      amount: p.amount,
      quote_amount: p.quoteAmount,
      filled: '0',
      filled_quote: '0',
      fee: '0',
      // The VIP tier in force when the order is placed (issue 19) sets its rates for good.
      ...feeRateColumns(vipFeeRates(this.db, holder, inst.makerFee, inst.takerFee)),
      locked: p.lock,
      status: 'open',
      created_at: pass.now,
      updated_at: pass.now,
    }
    const trade: Posting[] = []
    const fees: Posting[] = []
    const releases: Posting[] = []
    const touched = new Map<number, OrderRow>()

    const consume = (o: OrderRow, qty: string, notional: string, fee: string) => {
      o.filled = add(o.filled, qty)
      o.filled_quote = add(o.filled_quote, notional)
      o.fee = add(o.fee, fee)
      o.locked = sub(o.locked, o.side === 'buy' ? add(notional, fee) : qty)
    }

    // Self-trade prevention: the holder's own resting orders the engine cancelled.
    for (const c of result.cancelled) {
      const o = this.open.get(c.id)
      if (!o) throw new Error(`resting order ${c.id} not loaded`)
      const asset = o.side === 'buy' ? inst.quote : inst.base
      if (gt(o.locked, '0')) releases.push(...unfreeze(key(o.holder, asset), normalize(o.locked)))
      const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
      this.open.set(c.id, row)
      pass.writes.set(c.id, row)
      pass.fx.orders.set(String(c.id), row)
    }

    for (const f of result.fills) {
      const maker = touched.get(f.makerId) ?? { ...(this.open.get(f.makerId) as OrderRow) }
      const pr = fromUnits(f.price, inst.pp)
      const q = fromUnits(f.qty, inst.ap)
      const notional = mul(pr, q)
      const makerFee = toFixed(mul(notional, normalize(maker.maker_fee_rate)), inst.qdp, 'down')
      const takerFee = toFixed(mul(notional, taker.taker_fee_rate), inst.qdp, 'down')
      const buyer = side === 'buy' ? taker : maker
      const seller = side === 'buy' ? maker : taker
      const buyerFee = side === 'buy' ? takerFee : makerFee
      const sellerFee = side === 'buy' ? makerFee : takerFee
      trade.push(
        { ...key(buyer.holder, inst.quote), bucket: 'frozen', amount: `-${notional}` },
        { ...key(seller.holder, inst.quote), bucket: 'available', amount: notional },
        { ...key(seller.holder, inst.base), bucket: 'frozen', amount: `-${q}` },
        { ...key(buyer.holder, inst.base), bucket: 'available', amount: q },
      )
      if (!isZero(buyerFee))
        fees.push(
          { ...key(buyer.holder, inst.quote), bucket: 'frozen', amount: `-${buyerFee}` },
          { ...FEES, asset: inst.quote, bucket: 'available', amount: buyerFee },
        )
      if (!isZero(sellerFee))
        fees.push(
          { ...key(seller.holder, inst.quote), bucket: 'available', amount: `-${sellerFee}` },
          { ...FEES, asset: inst.quote, bucket: 'available', amount: sellerFee },
        )
      consume(maker, q, notional, makerFee)
      consume(taker, q, notional, takerFee)
      maker.status = f.makerRemaining === 0 ? 'filled' : 'partial'
      maker.updated_at = pass.now
      touched.set(f.makerId, maker)
      pass.trades.push({
        symbol: inst.symbol,
        price: pr,
        amount: q,
        quote: notional,
        taker_side: side,
        maker_order_id: String(maker.id),
        taker_order_id: String(id),
        maker_holder: maker.holder,
        taker_holder: holder,
        maker_fee: makerFee,
        taker_fee: takerFee,
        created_at: pass.now,
      })
    }

    const release = (o: OrderRow) => {
      const asset = o.side === 'buy' ? inst.quote : inst.base
      if (gt(o.locked, '0')) releases.push(...unfreeze(key(o.holder, asset), normalize(o.locked)))
      o.locked = '0'
    }
    for (const m of touched.values()) if (m.status === 'filled') release(m)
    if (type === 'limit') {
      taker.status = result.rested ? (result.fills.length ? 'partial' : 'open') : 'filled'
      if (!result.rested) release(taker)
    } else {
      const complete = p.input.side === 'sell' ? result.remaining === 0 : true
      taker.status = complete ? 'filled' : 'cancelled'
      release(taker)
    }

    // Settlement cannot overdraw (every amount was frozen for it); if it did, the whole pass
    // fails (not only this order: the book has already changed) and the books are rebuilt.
    const ref = { refType: 'spot_order', refId: String(id) }
    try {
      if (trade.length) pass.ledger.post({ reason: 'spot_trade', ...ref, postings: trade })
      if (fees.length) pass.ledger.post({ reason: 'spot_fee', ...ref, postings: fees })
      if (releases.length) pass.ledger.post({ reason: 'spot_unfreeze', ...ref, postings: releases })
    } catch (err) {
      throw new Error(`spot settlement of order ${id} failed`, { cause: err })
    }

    for (const [mid, m] of touched) {
      this.open.set(mid, m)
      pass.writes.set(mid, m)
      pass.fx.orders.set(String(mid), m)
    }
    // A rested taker is a maker for the next placements of the same pass.
    if (type === 'limit' && result.rested) this.open.set(id, taker)
    pass.writes.set(id, taker)
    pass.fx.orders.set(String(id), taker)
    return taker
  }
}

const newEffects = (): Effects => ({ books: new Set(), trades: new Map(), orders: new Map() })

/** One service per database, shared by the routes, the realtime hub and the market makers. */
export const spotService = perDb((db) => new SpotService(db))
