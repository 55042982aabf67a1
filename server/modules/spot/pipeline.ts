import { executionOf, type SpotOrder } from '@common/spot/schema'
import { isConditional } from '@common/spot/triggers'
import { AppError } from '../../http/errors'
import { type BalanceKey, LedgerBatch, type Tx } from '../../ledger/ledger'
import * as metrics from '../../platform/metrics/registry'
import type { PlaceInput } from '../../platform/ports/engines'
import { prepareConditional, restIn } from './conditional'
import { type Effects, feesKey, isSystemHolder, key, newEffects, type Pass, type Prepared } from './model'
import { prepareOrder } from './prepare'
import { type OrderRow, orderToWire, reserveOrderIds, tradeToPublic, writePassRows } from './repo'
import { placeIn } from './settle'
import { SpotState } from './state'
import { fireTriggers } from './triggers'

/** Most placements applied in one transaction (group commit). */
const MAX_BATCH = 128

interface Queued {
  holder: string
  input: PlaceInput
  resolve: (o: SpotOrder) => void
  reject: (e: unknown) => void
}

/**
 * The spot engine's pipeline: every change runs in one serialized queue (exclusive), each in one
 * transaction that writes its orders, fills and ledger entries in one statement at the end
 * (transact); the books are rebuilt if it fails and its effects emitted if it commits.
 * Placements are group-committed: the orders queued while the previous transaction ran are
 * applied together in one transaction, in arrival order, with one statement to lock every
 * balance they can touch (and read the users' status). A placement that is refused (balance,
 * limits) changes nothing and does not disturb the others of its group.
 */
export class SpotPipeline extends SpotState {
  private tail: Promise<unknown> = Promise.resolve()
  private loaded: Promise<void> | null = null
  private readonly queue: Queued[] = []
  private draining = false
  /** Order ids reserved from the sequence, not used yet. */
  protected readonly ids: number[] = []

  /** Loads every spot book from the open orders (idempotent). */
  init(): Promise<void> {
    this.loaded ??= this.exclusive(async () => {
      metrics.provideQueueDepth('spot', () => this.queueDepth())
      await this.loadInstruments()
      for (const inst of this.insts.values()) if (inst.category === 'spot') await this.rebuild(inst.symbol)
      this.triggers.owns = (s) => this.ownsMarket(s)
      this.claimFired()
    })
    return this.loaded
  }

  private ownsMarket(symbol: string): boolean {
    try {
      this.checkOwned(symbol)
      return true
    } catch {
      return false
    }
  }

  private claiming = false

  /**
   * Conditional orders fired but not claimed yet (more than one transaction claims, triggers.ts):
   * the next transaction on the queue claims them, and so on until none is left.
   */
  private claimFired(): void {
    if (this.claiming || this.triggers.unclaimed() === 0) return
    this.claiming = true
    void this.exclusive(async () => {
      this.claiming = false
      if (this.triggers.unclaimed() > 0) await this.transact(newEffects(), async () => undefined)
    }).catch((err) => console.error('spot: claiming fired orders failed', err))
  }

  protected exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn)
    this.tail = run.catch(() => undefined)
    return run
  }

  /** Checks a placement against the instrument as it is now and against this core's markets; no I/O. */
  protected prepare(holder: string, input: PlaceInput): Prepared {
    const inst = this.inst(input.symbol)
    this.checkOwned(input.symbol)
    return isConditional(input.type)
      ? prepareConditional(inst, holder, input)
      : prepareOrder(inst, holder, input)
  }

  /** Placements waiting for their group, per market (read when the metrics are scraped). */
  queueDepth(): Map<string, number> {
    const n = new Map<string, number>()
    for (const q of this.queue) n.set(q.input.symbol, (n.get(q.input.symbol) ?? 0) + 1)
    return n
  }

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
    const repeats = new Map<Queued, OrderRow>()
    let deferred: Queued[] = []
    const fx = newEffects()
    const t0 = process.hrtime.bigint()
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
        keys.push(key(p.holder, p.inst.base), key(p.holder, p.inst.quote), feesKey(p.inst.quote))
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
      const m0 = process.hrtime.bigint()
      for (let i = 0; i < ready.length; i++) {
        const { q, p } = ready[i] as { q: Queued; p: Prepared }
        // A client order id already in use (open, or ended lately): the first order is the answer.
        const first = this.clientOrder(q.holder, p.input.clientOrderId)
        if (first) {
          repeats.set(q, first)
          continue
        }
        try {
          const row = p.cond ? restIn(this, pass, p, this.ids) : placeIn(this, pass, p, this.ids)
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
      metrics.observeMatching('spot', m0)
    })
    metrics.observeGroup('spot', t0, results.keys(), refused)
    for (const [q, e] of refused) q.reject(e)
    for (const [q, row] of results) q.resolve(orderToWire(row, this.pricePrecision(row.symbol)))
    for (const [q, row] of repeats) {
      const now = this.clientOrder(q.holder, q.input.clientOrderId) ?? row
      q.resolve(orderToWire(now, this.pricePrecision(now.symbol)))
    }
    return deferred
  }

  /**
   * Runs `fn` in a transaction, then writes the orders, fills and ledger entries it produced;
   * rebuilds the touched books if anything fails, emits the effects if it commits.
   */
  protected async transact<T>(fx: Effects, fn: (pass: Pass) => Promise<T>): Promise<T> {
    let result: T
    let pass: Pass | null = null
    try {
      result = await this.db.transaction().execute(async (trx) => {
        pass = { trx, ledger: new LedgerBatch(trx), fx, now: new Date(), writes: new Map(), trades: [] }
        const r = await fn(pass)
        // Conditional orders the pass's trades reach enter the book in this same transaction.
        await fireTriggers(this, pass)
        await this.write(pass)
        return r
      })
    } catch (err) {
      // The books and open orders may be ahead of the rolled-back database: reload them.
      for (const s of fx.books) await this.rebuild(s)
      throw err
    }
    const done = pass as Pass | null
    if (done) {
      for (const [id, row] of done.writes) {
        if (row.status === 'open' || row.status === 'partial') {
          if (executionOf(row.type) === 'limit') this.open.set(id, row)
        } else this.open.delete(id)
      }
      this.keepClientOrders(done.writes.values(), done.now.getTime())
    }
    for (const s of fx.books) this.emit('book', s)
    for (const [s, list] of fx.trades) this.emit('trades', s, list)
    for (const o of fx.orders.values())
      if (!o.holder.startsWith('mm:'))
        this.emit('order', o.holder, orderToWire(o, this.pricePrecision(o.symbol)))
    this.claimFired()
    return result
  }

  /**
   * Order ids come from the sequence, reserved in blocks (one query per block, about one group
   * in eight at full load; a restart skips what was left of the block).
   */
  protected async reserveIds(trx: Tx, n: number): Promise<void> {
    if (this.ids.length >= n) return
    this.ids.push(...(await reserveOrderIds(trx, Math.max(n - this.ids.length, 1024))))
  }

  /** The pass's order rows, fills and ledger entries (one statement); its public trades for the listeners. */
  private async write(pass: Pass): Promise<void> {
    const rows = await writePassRows(
      pass.trx,
      [...pass.writes.values()],
      pass.trades,
      pass.ledger.takeWrites(),
    )
    for (const r of rows) {
      const list = pass.fx.trades.get(r.symbol) ?? []
      list.push(tradeToPublic(r))
      pass.fx.trades.set(r.symbol, list)
    }
  }
}
