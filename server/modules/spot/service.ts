import { EventEmitter } from 'node:events'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
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
import type { DepthSnapshot, PublicTrade, SpotOrder, SpotOrderType, SpotSide } from '@common/schemas/spot'
import type { Db } from '../../db/db'
import { fromUnits, OrderBook, type PlaceResult, toUnits } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import { assertCanMoveFunds } from '../../http/guards'
import {
  type BalanceKey,
  freeze,
  lockBalances,
  type Posting,
  postEntry,
  type Tx,
  unfreeze,
} from '../../ledger/ledger'
import {
  assetPrecision,
  instrumentRow,
  type OrderRow,
  openOrdersOf,
  openOrdersOfSymbol,
  ordersByIds,
  orderToWire,
  type TradeRow,
  tradeToPublic,
} from './repo'

export interface PlaceInput {
  symbol: string
  side: SpotSide
  type: SpotOrderType
  price?: string
  amount?: string
  quoteAmount?: string
}

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
const FEES = { holder: SYSTEM_HOLDER, account: 'fees' }

interface Inst {
  symbol: string
  base: string
  quote: string
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

const newEffects = (): Effects => ({ books: new Set(), trades: new Map(), orders: new Map() })

/**
 * Spot use cases. One in-memory book per symbol (rebuilt from open orders on start); every
 * change runs under one mutex and inside one database transaction: the order row, the freeze,
 * each fill's settlement and fees, and the release of what is left. If the transaction fails
 * after the book changed, the symbol's book is rebuilt from the database.
 */
export class SpotService extends EventEmitter<SpotEvents> {
  private readonly books = new Map<string, OrderBook>()
  private readonly insts = new Map<string, Inst>()
  private tail: Promise<unknown> = Promise.resolve()
  private loaded: Promise<void> | null = null

  constructor(private readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  /** Loads every spot book from the open orders (idempotent). */
  init(): Promise<void> {
    this.loaded ??= this.exclusive(async () => {
      const symbols = await this.db
        .selectFrom('instrument')
        .select('symbol')
        .where('category', '=', 'spot')
        .execute()
      for (const { symbol } of symbols) await this.rebuild(symbol)
    })
    return this.loaded
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.tail = run.catch(() => undefined)
    return run
  }

  private async inst(
    db: Tx,
    symbol: string,
    fresh = false,
  ): Promise<Inst & { status: string; category: string }> {
    const r = await instrumentRow(db, symbol)
    if (!r) throw new AppError('unknownSymbol')
    let cached = this.insts.get(symbol)
    if (!cached || fresh) {
      cached = {
        symbol,
        base: r.base,
        quote: r.quote,
        pp: r.price_precision,
        ap: r.amount_precision,
        qdp: (await assetPrecision(db, r.quote)) ?? 8,
        minAmount: normalize(r.min_amount),
        minNotional: normalize(r.min_notional),
        makerFee: normalize(r.maker_fee),
        takerFee: normalize(r.taker_fee),
      }
      this.insts.set(symbol, cached)
    }
    return {
      ...cached,
      minAmount: normalize(r.min_amount),
      minNotional: normalize(r.min_notional),
      makerFee: normalize(r.maker_fee),
      takerFee: normalize(r.taker_fee),
      status: r.status,
      category: r.category,
    }
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
    const inst = await this.inst(this.db, symbol, true)
    const b = new OrderBook()
    for (const o of await openOrdersOfSymbol(this.db, symbol)) {
      if (o.type !== 'limit' || o.price === null || o.amount === null) continue
      const rest = sub(o.amount, o.filled)
      b.add(
        Number(o.id),
        o.side,
        toUnits(toFixed(o.price, inst.pp), inst.pp),
        toUnits(toFixed(rest, inst.ap), inst.ap),
      )
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
    if (!isSystemHolder(holder)) await assertCanMoveFunds(this.db, holder)
    return this.exclusive(async () => {
      const fx = newEffects()
      const row = await this.transact(fx, input.symbol, (trx) => this.placeInTx(trx, fx, holder, input))
      return orderToWire(row, this.insts.get(input.symbol)?.pp)
    })
  }

  async cancel(holder: string, id: string): Promise<SpotOrder> {
    await this.init()
    return this.exclusive(async () => {
      const fx = newEffects()
      const found = await this.db
        .selectFrom('spot_order')
        .select(['holder', 'symbol'])
        .where('id', '=', id)
        .executeTakeFirst()
      // Another holder's order reads as missing: nothing about it is revealed.
      if (!found || found.holder !== holder) throw new AppError('orderNotFound')
      const row = await this.transact(fx, found.symbol, async (trx) => {
        const [o] = await ordersByIds(trx, [Number(id)])
        if (!o || (o.status !== 'open' && o.status !== 'partial')) throw new AppError('orderNotOpen')
        return this.cancelInTx(trx, fx, o)
      })
      return orderToWire(row, this.insts.get(found.symbol)?.pp)
    })
  }

  async cancelAll(holder: string, symbol?: string): Promise<number> {
    await this.init()
    return this.exclusive(async () => {
      const open = await openOrdersOf(this.db, holder, symbol)
      const symbols = [...new Set(open.map((o) => o.symbol))]
      let n = 0
      for (const s of symbols) {
        const fx = newEffects()
        await this.transact(fx, s, async (trx) => {
          for (const o of open.filter((x) => x.symbol === s)) {
            await this.cancelInTx(trx, fx, o)
            n++
          }
        })
      }
      return n
    })
  }

  /** Market makers: cancel the holder's orders on `symbol` and place `quotes`, atomically. */
  async requote(holder: string, symbol: string, quotes: PlaceInput[]): Promise<void> {
    await this.init()
    return this.exclusive(async () => {
      const fx = newEffects()
      await this.transact(fx, symbol, async (trx) => {
        for (const o of await openOrdersOf(trx, holder, symbol)) await this.cancelInTx(trx, fx, o)
        for (const q of quotes) await this.placeInTx(trx, fx, holder, q)
      })
    })
  }

  /** Runs `fn` in a transaction; rebuilds the book if it fails, emits the effects if it commits. */
  private async transact<T>(fx: Effects, _symbol: string, fn: (trx: Tx) => Promise<T>): Promise<T> {
    let result: T
    try {
      result = await this.db.transaction().execute(fn)
    } catch (err) {
      // The book may be ahead of the rolled-back database: reload what changed.
      for (const s of fx.books) await this.rebuild(s)
      throw err
    }
    for (const s of fx.books) this.emit('book', s)
    for (const [s, list] of fx.trades) this.emit('trades', s, list)
    for (const o of fx.orders.values())
      if (!o.holder.startsWith('mm:'))
        this.emit('order', o.holder, orderToWire(o, this.insts.get(o.symbol)?.pp))
    return result
  }

  private async cancelInTx(trx: Tx, fx: Effects, o: OrderRow): Promise<OrderRow> {
    const inst = await this.inst(trx, o.symbol)
    const asset = o.side === 'buy' ? inst.quote : inst.base
    if (gt(o.locked, '0'))
      await postEntry(trx, {
        reason: 'spot_unfreeze',
        refType: 'spot_order',
        refId: String(o.id),
        postings: unfreeze({ holder: o.holder, account: ACCOUNT, asset }, normalize(o.locked)),
      })
    const row = await trx
      .updateTable('spot_order')
      .set({ status: 'cancelled', locked: '0', updated_at: new Date() })
      .where('id', '=', String(o.id))
      .returningAll()
      .executeTakeFirstOrThrow()
    fx.books.add(o.symbol)
    this.book(o.symbol).cancel(Number(o.id))
    fx.orders.set(String(row.id), row)
    return row
  }

  private async placeInTx(trx: Tx, fx: Effects, holder: string, input: PlaceInput): Promise<OrderRow> {
    const inst = await this.inst(trx, input.symbol)
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
        price = round(input.price ?? '0', inst.pp, 'half-up')
        amount = toFixed(input.amount ?? '0', inst.ap, 'down')
        if (isZero(price) || isZero(amount)) throw new AppError('belowMinimum')
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

    const book = this.book(inst.symbol)
    const makerIds =
      type === 'limit' ? book.preview(side, priceU, qtyU) : book.preview(side, null, qtyU, budgetU)
    if (type === 'market' && makerIds.length === 0) throw new AppError('noLiquidity')
    const makers = new Map((await ordersByIds(trx, makerIds)).map((m) => [Number(m.id), m]))

    // Every balance this placement can touch, locked once in the global order (no deadlocks).
    const key = (h: string, asset: string): BalanceKey => ({ holder: h, account: ACCOUNT, asset })
    const keys: BalanceKey[] = [
      key(holder, inst.base),
      key(holder, inst.quote),
      { ...FEES, asset: inst.quote },
    ]
    for (const m of makers.values()) keys.push(key(m.holder, inst.base), key(m.holder, inst.quote))
    await lockBalances(trx, keys)

    const lockAsset = side === 'buy' ? inst.quote : inst.base
    const inserted = await trx
      .insertInto('spot_order')
      .values({
        holder,
        symbol: inst.symbol,
        side,
        type,
        price,
        amount,
        quote_amount: quoteAmount,
        maker_fee_rate: inst.makerFee,
        taker_fee_rate: inst.takerFee,
        locked: lock,
        status: 'open',
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const id = Number(inserted.id)
    await postEntry(trx, {
      reason: 'spot_freeze',
      refType: 'spot_order',
      refId: String(id),
      postings: freeze(key(holder, lockAsset), lock),
    })

    fx.books.add(inst.symbol)
    const result: PlaceResult =
      type === 'limit'
        ? book.placeLimit(id, side, priceU, qtyU as number)
        : book.placeMarket(id, side, qtyU, budgetU)

    const taker = { ...inserted }
    const trade: Posting[] = []
    const fees: Posting[] = []
    const releases: Posting[] = []
    const tradeRows: Omit<TradeRow, 'id' | 'created_at'>[] = []
    const touched = new Map<number, OrderRow>()

    const consume = (o: OrderRow, qty: string, notional: string, fee: string) => {
      o.filled = add(o.filled, qty)
      o.filled_quote = add(o.filled_quote, notional)
      o.fee = add(o.fee, fee)
      o.locked = sub(o.locked, o.side === 'buy' ? add(notional, fee) : qty)
    }

    for (const f of result.fills) {
      const maker = makers.get(f.makerId)
      if (!maker) throw new Error(`maker ${f.makerId} not loaded`)
      const p = fromUnits(f.price, inst.pp)
      const q = fromUnits(f.qty, inst.ap)
      const notional = mul(p, q)
      const makerFee = toFixed(mul(notional, normalize(maker.maker_fee_rate)), inst.qdp, 'down')
      const takerFee = toFixed(mul(notional, inst.takerFee), inst.qdp, 'down')
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
      touched.set(f.makerId, maker)
      tradeRows.push({
        symbol: inst.symbol,
        price: p,
        amount: q,
        quote: notional,
        taker_side: side,
        maker_order_id: String(maker.id),
        taker_order_id: String(id),
        maker_holder: maker.holder,
        taker_holder: holder,
        maker_fee: makerFee,
        taker_fee: takerFee,
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
      const complete = side === 'sell' ? result.remaining === 0 : true
      taker.status = complete ? 'filled' : 'cancelled'
      release(taker)
    }

    const ref = { refType: 'spot_order', refId: String(id) }
    if (trade.length) await postEntry(trx, { reason: 'spot_trade', ...ref, postings: trade })
    if (fees.length) await postEntry(trx, { reason: 'spot_fee', ...ref, postings: fees })
    if (releases.length) await postEntry(trx, { reason: 'spot_unfreeze', ...ref, postings: releases })

    const now = new Date()
    const save = async (o: OrderRow) => {
      const row = await trx
        .updateTable('spot_order')
        .set({
          filled: o.filled,
          filled_quote: o.filled_quote,
          fee: o.fee,
          locked: o.locked,
          status: o.status,
          updated_at: now,
        })
        .where('id', '=', String(o.id))
        .returningAll()
        .executeTakeFirstOrThrow()
      fx.orders.set(String(row.id), row)
      return row
    }
    for (const m of touched.values()) await save(m)
    const saved = await save(taker)
    if (tradeRows.length) {
      const rows = await trx.insertInto('spot_trade').values(tradeRows).returningAll().execute()
      const list = fx.trades.get(inst.symbol) ?? []
      list.push(...rows.map(tradeToPublic))
      fx.trades.set(inst.symbol, list)
    }
    return saved
  }
}

/** One service per database, shared by the routes, the realtime hub and the market makers. */
const services = new WeakMap<Db, SpotService>()
export function spotService(db: Db): SpotService {
  let s = services.get(db)
  if (!s) {
    s = new SpotService(db)
    services.set(db, s)
  }
  return s
}
