import { EventEmitter } from 'node:events'
import { normalize, sub, toFixed } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import { type DepthSnapshot, executionOf } from '@common/spot/schema'
import type { Db } from '../../db/db'
import { bookOf, depthSnapshot } from '../../engine/books'
import { CLIENT_ID_MEMORY_MS, ClientOrders } from '../../engine/client-orders'
import { OrderBook } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import { assetPrecisions } from '../../ledger/precision'
import type { MarketData } from '../../market/service'
import type { SpotEvents } from '../../platform/manifest'
import type { Inst, Prepared } from './model'
import { endedClientOrders, instrumentRows, type OrderRow, openOrdersOfSymbol } from './repo'
import { TriggerState } from './trigger-state'

/**
 * The spot engine's in-memory state: one book per symbol, an in-memory copy of every open order
 * (the makers' state, without a read per fill) and the instruments' limits and fees, rebuilt
 * from the database on start and after any failed transaction.
 */
export class SpotState extends EventEmitter<SpotEvents> {
  protected readonly books = new Map<string, OrderBook>()
  protected readonly insts = new Map<string, Inst>()
  /** Open and partially filled orders, by id. */
  readonly open = new Map<number, OrderRow>()
  /** Conditional orders waiting for their trigger, and each market's last traded price (triggers.ts). */
  readonly triggers = new TriggerState()
  /** Client order ids of open orders and of orders ended lately (a retry answers the first order). */
  readonly clientOrders = new ClientOrders<OrderRow>(CLIENT_ID_MEMORY_MS)
  private market: MarketData | null = null
  /** Cluster: the markets whose books this process owns (unset: all of them, one process). */
  private owns: ((symbol: string) => boolean) | null = null

  constructor(readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  /** Instrument status, limits and fees are then read from the market service's rows, which the console keeps current. */
  attachMarket(market: MarketData): void {
    this.market = market
  }

  /**
   * Cluster: from now on the engine touches only the books `owns` accepts; anything else is
   * refused (marketUnavailable) when it runs, so work queued before a market was handed to
   * another core can never write to it.
   */
  setOwnership(owns: (symbol: string) => boolean): void {
    this.owns = owns
  }

  protected checkOwned(symbol: string): void {
    if (this.owns && !this.owns(symbol)) throw new AppError('marketUnavailable')
  }

  /** The market of an order open in this process's books (a core checks a cancel reaches its owner). */
  symbolOfOpen(id: string): string | undefined {
    return /^\d+$/.test(id)
      ? (this.open.get(Number(id)) ?? this.triggers.waiting.get(Number(id)))?.symbol
      : undefined
  }

  protected async loadInstruments(symbol?: string): Promise<void> {
    const rows = await instrumentRows(this.db, symbol)
    const precisions = await assetPrecisions(this.db)
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
  inst(symbol: string): Inst {
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

  /** Price precision of a symbol's orders on the wire (undefined: not a known instrument). */
  pricePrecision(symbol: string): number | undefined {
    return this.insts.get(symbol)?.pp
  }

  /** The order the holder placed with this client order id, open or ended lately (undefined: none). */
  clientOrder(holder: string, clientOrderId: string | undefined): OrderRow | undefined {
    return this.clientOrders.get(holder, clientOrderId)
  }

  /** A placement with a client order id, as soon as it is placed (a repeat in the same group sees it). */
  rememberClientOrder(row: OrderRow): void {
    this.clientOrders.keep(row, Date.now())
  }

  /** After a commit: the rows' latest state; an ended order is forgotten CLIENT_ID_MEMORY_MS later. */
  protected keepClientOrders(rows: Iterable<OrderRow>, now: number): void {
    for (const r of rows) this.clientOrders.keep(r, now)
    this.clientOrders.prune(now)
  }

  book(symbol: string): OrderBook {
    return bookOf(this.books, symbol)
  }

  /** The symbol's book and open orders, read again from the database. */
  protected async rebuild(symbol: string): Promise<void> {
    const inst = this.insts.get(symbol)
    if (!inst) return
    for (const [id, o] of this.open) if (o.symbol === symbol) this.open.delete(id)
    this.clientOrders.forget(symbol)
    const since = new Date(Date.now() - CLIENT_ID_MEMORY_MS)
    for (const o of await endedClientOrders(this.db, symbol, since))
      this.clientOrders.keep(o, new Date(o.updated_at).getTime())
    const b = new OrderBook()
    for (const o of await openOrdersOfSymbol(this.db, symbol)) {
      this.rememberClientOrder(o)
      if (executionOf(o.type) !== 'limit' || o.price === null || o.amount === null) continue
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
    await this.triggers.load(this.db, symbol, inst.pp)
  }

  /** Top `limit` levels per side as decimal strings. */
  depth(symbol: string, limit: number): DepthSnapshot {
    const inst = this.insts.get(symbol)
    return depthSnapshot(
      symbol,
      inst && this.books.get(symbol),
      limit,
      (u) => fromUnits(u, inst?.pp ?? 0),
      (q) => fromUnits(q, inst?.ap ?? 0),
    )
  }

  /** The resting orders a placement would meet, as the book stands now. */
  previewOf(p: Prepared): number[] {
    // A conditional order being placed trades nothing until it is triggered.
    if (p.cond) return []
    const book = this.book(p.inst.symbol)
    const side = p.input.side
    return p.input.type === 'limit'
      ? book.preview(side, p.priceU, p.qtyU, null, p.holder)
      : book.preview(side, null, p.qtyU, p.budgetU, p.holder)
  }
}
