import type { ContractSide } from '@common/contract/schema'
import type { PriceWindow } from '@common/market/tick'
import { add, gt, mul, toFixed } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import type { DepthSnapshot } from '@common/spot/schema'
import { depthSnapshot } from '../../engine/books'
import { CLIENT_ID_MEMORY_MS } from '../../engine/client-orders'
import { unfreeze } from '../../ledger/ledger'
import { endedClientOrders, loadOpenOrders, loadPositions } from './engine-repo'
import {
  bookSide,
  loadInstruments,
  type OrderRow,
  orderToWire,
  type PositionRow,
  posKey,
  wallet,
} from './model'
import { lockFor, newPass, type Pass, post, record, release } from './pass'
import { settleFill } from './settlement'
import { ContractState } from './state'
import { wirePositionBasic } from './wire'
import { writePass } from './write'

/**
 * The contract engine: its state (state.ts), the matching step of a pass (execute) and the
 * pipeline every use case runs in (exclusive, transact). Money rules:
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
export class ContractEngine extends ContractState {
  private tail: Promise<unknown> = Promise.resolve()

  /** Runs `fn` behind every change queued before it: one change at a time. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.pending++
    this.tail = run.then(this.done, this.done)
    return run
  }

  /** Changes queued or running (the metrics' queue depth: one queue for every perpetual). */
  pending = 0
  private readonly done = () => {
    this.pending--
  }

  /** One transaction; the state is reloaded if it fails, events go out if it commits. */
  async transact<T>(fn: (pass: Pass) => Promise<T>): Promise<T> {
    let pass: Pass | null = null
    let result: T
    try {
      result = await this.db.transaction().execute(async (trx) => {
        pass = newPass(trx)
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
    for (const o of done.orders.values()) this.clientOrders.keep(o, done.now.getTime())
    this.clientOrders.prune(done.now.getTime())
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

  /** Every instrument, position, resting order and book, read again from the database. */
  protected async reload(): Promise<void> {
    this.insts.clear()
    for (const i of await loadInstruments(this.db)) this.insts.set(i.symbol, i)
    this.positions.clear()
    for (const p of await loadPositions(this.db)) this.positions.set(posKey(p.holder, p.symbol, p.side), p)
    this.open.clear()
    this.books.clear()
    this.clientOrders.forget()
    for (const o of await endedClientOrders(this.db, new Date(Date.now() - CLIENT_ID_MEMORY_MS)))
      this.clientOrders.keep(o, new Date(o.updated_at).getTime())
    for (const o of await loadOpenOrders(this.db)) {
      this.clientOrders.keep(o, Date.now())
      const inst = this.insts.get(o.symbol)
      if (!inst || o.type !== 'limit' || o.price === null) continue
      this.book(o.symbol).add(
        Number(o.id),
        bookSide(o),
        toUnits(toFixed(o.price, inst.pp), inst.pp),
        Number(o.lots) - Number(o.filled_lots),
        o.holder,
      )
      this.open.set(Number(o.id), o)
    }
  }

  /** A position on the wire, with its estimated liquidation price and the account's risk rate. */
  wirePosition(p: PositionRow, walletBalance?: string) {
    return wirePositionBasic(this, p, walletBalance)
  }

  depth(symbol: string, limit: number): DepthSnapshot {
    const inst = this.insts.get(symbol)
    return depthSnapshot(
      symbol,
      inst && this.books.get(symbol),
      limit,
      (u) => fromUnits(u, inst?.pp ?? 0),
      (q) => mul(String(q), inst?.lotSize ?? '0'),
    )
  }

  /**
   * Runs an order against the book (a limit order rests what does not cross) and settles every
   * fill on both sides. The order row must be new (not yet on the book). A market order with a
   * `window` (price protection) trades only within it and drops the rest (IOC).
   */
  async execute(pass: Pass, order: OrderRow, window: PriceWindow | null = null): Promise<OrderRow> {
    const inst = this.inst(order.symbol)
    await lockFor(this, pass, [order.holder], order, window)
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
          post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
        record(this, pass, { ...o, status: 'cancelled', locked: '0', updated_at: pass.now })
      }
    }
    pass.makers = new Set(result.fills.map((f) => f.makerId))
    for (const f of result.fills) {
      const price = fromUnits(f.price, inst.pp)
      const maker = this.open.get(f.makerId)
      if (!maker) throw new Error(`contract maker ${f.makerId} not loaded`)
      const m = settleFill(this, pass, inst, maker, 'maker', f.qty, price)
      m.status = f.makerRemaining === 0 ? 'filled' : 'partial'
      if (m.status === 'filled') release(pass, m)
      record(this, pass, m)
      taker = settleFill(this, pass, inst, taker, 'taker', f.qty, price)
    }
    const filled = Number(taker.filled_lots)
    if (order.type === 'limit' && result.rested) taker.status = filled > 0 ? 'partial' : 'open'
    else {
      // A market order's unfilled rest is dropped (immediate or cancel).
      taker.status = filled === lots ? 'filled' : 'cancelled'
      release(pass, taker)
    }
    taker.updated_at = pass.now
    record(this, pass, taker)
    pass.holders.add(order.holder)
    return taker
  }
}
