import { EventEmitter } from 'node:events'
import type { ContractSide, ContractUserMessage } from '@common/contract/schema'
import type { PriceWindow } from '@common/market/tick'
import { type DecimalString, gt, isZero } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import type { PublicTrade } from '@common/spot/schema'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/db'
import type { ContractPositionHistoryTable } from '../../db/schema-contract'
import { GroupedMap } from '../../engine/grouped-map'
import { OrderBook } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import { type BalanceKey, LedgerBatch, type Posting, type Tx, unfreeze } from '../../ledger/ledger'
import {
  bookSide,
  type CInst,
  CLEARING,
  FEES,
  type FillRow,
  INSURANCE,
  type OrderRow,
  type PositionRow,
  posKey,
  wallet,
} from './model'
import { settleFill } from './settlement'

export interface ContractEvents {
  book: [symbol: string]
  trades: [symbol: string, trades: PublicTrade[]]
  user: [holder: string, msg: ContractUserMessage]
  /** Holders whose balances or positions changed (risk estimates to refresh). */
  touched: [holders: string[]]
}

/** A closed position's history row as the pass writes it (the database sets id and closed_at). */
export type HistoryRow = Omit<Selectable<ContractPositionHistoryTable>, 'id' | 'closed_at'>

/** One transaction of the contract pipeline and what it will write and announce. */
export interface Pass {
  trx: Tx
  ledger: LedgerBatch
  now: Date
  orders: Map<string, OrderRow>
  fills: FillRow[]
  positions: Set<string>
  history: HistoryRow[]
  books: Set<string>
  holders: Set<string>
  /** Insurance paid for a holder's losses in this pass (liquidation rows read it). */
  insurance: Map<string, DecimalString>
  messages: [string, ContractUserMessage][]
  /** Resting orders the order being executed is filling (they must stay on record meanwhile). */
  makers: Set<number>
  /** Public trades of the pass, filled in when the fills are written. */
  trades: Map<string, PublicTrade[]>
}

/**
 * The matching and settlement half of the contract service: in-memory books, open orders and
 * positions (rebuilt from the database on start and after a failed transaction), and the steps
 * a use case runs inside its transaction. Money rules:
 *
 * - A user's contract account (USDT) holds available funds and, frozen, both the margin of open
 *   orders (initial margin + fee, frozen at placement: contract_margin) and the margin of
 *   positions. A fill moves the order's share to position margin inside the frozen bucket (no
 *   posting: the money does not move) and pays the fee from it to the system fees account.
 * - A close releases its share of position margin (frozen -> available) and settles the realized
 *   PnL against the system contract_clearing account (contract_settlement). A loss is paid from
 *   available, then from the holder's other position margins (cross margin); anything beyond the
 *   holder's whole balance is paid by the insurance fund (insurance -> clearing), so no user
 *   balance goes negative.
 */
export class ContractEngine extends EventEmitter<ContractEvents> {
  readonly insts = new Map<string, CInst>()
  readonly books = new Map<string, OrderBook>()
  /** Resting orders, also by holder: per-holder lookups stay cheap with many open orders. */
  readonly open = new GroupedMap<number, OrderRow, 'holder'>({ holder: (o) => o.holder })
  /** Positions by key, also by holder and by symbol (risk, funding and wire views read those). */
  readonly positions = new GroupedMap<string, PositionRow, 'holder' | 'symbol'>({
    holder: (p) => p.holder,
    symbol: (p) => p.symbol,
  })

  constructor(readonly db: Db) {
    super()
    this.setMaxListeners(0)
  }

  book(symbol: string): OrderBook {
    let b = this.books.get(symbol)
    if (!b) {
      b = new OrderBook()
      this.books.set(symbol, b)
    }
    return b
  }

  inst(symbol: string): CInst {
    const i = this.insts.get(symbol)
    if (!i) throw new AppError('unknownSymbol')
    return i
  }

  position(holder: string, symbol: string, side: ContractSide): PositionRow | undefined {
    return this.positions.get(posKey(holder, symbol, side))
  }

  positionsOf(holder: string): PositionRow[] {
    return this.positions.in('holder', holder)
  }

  positionsOn(symbol: string): PositionRow[] {
    return this.positions.in('symbol', symbol)
  }

  /** Holders with at least one open position. */
  holdersWithPositions(): string[] {
    return this.positions.keysOf('holder')
  }

  openOrdersOf(holder: string, symbol?: string): OrderRow[] {
    const mine = this.open.in('holder', holder)
    return symbol ? mine.filter((o) => o.symbol === symbol) : mine
  }

  /** Lots of a position already promised to resting close orders. */
  closingLots(holder: string, symbol: string, side: ContractSide): number {
    let n = 0
    for (const o of this.open.in('holder', holder))
      if (o.symbol === symbol && o.side === side && o.kind === 'close')
        n += Number(o.lots) - Number(o.filled_lots)
    return n
  }

  newPass(trx: Tx): Pass {
    return {
      trx,
      ledger: new LedgerBatch(trx),
      now: new Date(),
      orders: new Map(),
      fills: [],
      positions: new Set(),
      history: [],
      books: new Set(),
      holders: new Set(),
      insurance: new Map(),
      messages: [],
      trades: new Map(),
      makers: new Set(),
    }
  }

  async nextOrderId(trx: Tx): Promise<number> {
    const { rows } = await sql<{ id: string }>`
      select nextval(pg_get_serial_sequence('contract_order', 'id'))::text as id`.execute(trx)
    return Number(rows[0]?.id)
  }

  /**
   * Locks the system balances, the holders' wallets and those of the makers `order` would meet
   * (a market order within `bound`, its protection price, when given).
   */
  async lockFor(pass: Pass, holders: string[], order?: OrderRow, window?: PriceWindow | null): Promise<void> {
    const keys: BalanceKey[] = [FEES, INSURANCE, CLEARING, ...holders.map(wallet)]
    if (order) {
      const inst = this.inst(order.symbol)
      const b = this.book(order.symbol)
      const lots = Number(order.lots) - Number(order.filled_lots)
      const limit =
        order.type === 'limit'
          ? toUnits(order.price as string, inst.pp)
          : window
            ? toUnits(window.worst, inst.pp)
            : null
      const better = order.type === 'market' && window?.better ? toUnits(window.better, inst.pp) : null
      const ids = b.preview(bookSide(order), limit, lots, null, order.holder, better)
      for (const id of ids) {
        const m = this.open.get(id)
        if (m) keys.push(wallet(m.holder))
      }
    }
    await pass.ledger.lock(keys)
  }

  post(pass: Pass, reason: Parameters<LedgerBatch['post']>[0]['reason'], ref: string, postings: Posting[]) {
    if (postings.every((p) => isZero(p.amount))) return
    pass.ledger.post({ reason, refType: 'contract_order', refId: ref, postings })
  }

  record(pass: Pass, o: OrderRow): void {
    pass.orders.set(String(o.id), o)
    if (o.status === 'open' || o.status === 'partial') {
      if (o.type === 'limit') this.open.set(Number(o.id), o)
    } else this.open.delete(Number(o.id))
  }

  /** Cancels a resting order and releases what it still holds. */
  cancelIn(pass: Pass, o: OrderRow): OrderRow {
    this.book(o.symbol).cancel(Number(o.id))
    pass.books.add(o.symbol)
    if (gt(o.locked, '0'))
      this.post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
    const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
    this.record(pass, row)
    pass.holders.add(o.holder)
    return row
  }

  /**
   * Runs an order against the book (a limit order rests what does not cross) and settles every
   * fill on both sides. The order row must be new (not yet on the book). A market order with a
   * `window` (price protection) trades only within it and drops the rest (IOC).
   */
  async execute(pass: Pass, order: OrderRow, window: PriceWindow | null = null): Promise<OrderRow> {
    const inst = this.inst(order.symbol)
    await this.lockFor(pass, [order.holder], order, window)
    const b = this.book(order.symbol)
    const side = bookSide(order)
    const id = Number(order.id)
    const lots = Number(order.lots)
    pass.books.add(order.symbol)
    const result =
      order.type === 'limit'
        ? b.placeLimit(id, side, toUnits(order.price as string, inst.pp), lots, order.holder)
        : window
          ? b.placeWithin(
              id,
              side,
              lots,
              toUnits(window.worst, inst.pp),
              window.better ? toUnits(window.better, inst.pp) : side === 'sell' ? Number.MAX_SAFE_INTEGER : 0,
              order.holder,
            )
          : b.placeMarket(id, side, lots, null, order.holder)
    let taker = { ...order }
    for (const c of result.cancelled) {
      const o = this.open.get(c.id)
      if (o) {
        // The engine already took it off the book; release and record it.
        if (gt(o.locked, '0'))
          this.post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
        this.record(pass, { ...o, status: 'cancelled', locked: '0', updated_at: pass.now })
      }
    }
    pass.makers = new Set(result.fills.map((f) => f.makerId))
    for (const f of result.fills) {
      const price = fromUnits(f.price, inst.pp)
      const maker = this.open.get(f.makerId)
      if (!maker) throw new Error(`contract maker ${f.makerId} not loaded`)
      const m = settleFill(this, pass, inst, maker, 'maker', f.qty, price)
      m.status = f.makerRemaining === 0 ? 'filled' : 'partial'
      if (m.status === 'filled') this.release(pass, m)
      this.record(pass, m)
      taker = settleFill(this, pass, inst, taker, 'taker', f.qty, price)
    }
    const filled = Number(taker.filled_lots)
    if (order.type === 'limit' && result.rested) taker.status = filled > 0 ? 'partial' : 'open'
    else {
      // A market order's unfilled rest is dropped (immediate or cancel).
      taker.status = filled === lots ? 'filled' : 'cancelled'
      this.release(pass, taker)
    }
    taker.updated_at = pass.now
    this.record(pass, taker)
    pass.holders.add(order.holder)
    return taker
  }

  /** Returns what an order still holds to the available bucket. */
  release(pass: Pass, o: OrderRow): void {
    if (gt(o.locked, '0'))
      this.post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
    o.locked = '0'
  }
}
