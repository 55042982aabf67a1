import { toFixed } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import { type ConditionalType, directionOf } from '@common/spot/triggers'
import { sql } from 'kysely'
import { TriggerBook } from '../../engine/trigger-book'
import type { Tx } from '../../ledger/ledger'
import { lastTradePrice, type OrderRow, waitingOrdersOfSymbol } from './repo'

/** A decimal price in a market's ticks. */
export const ticks = (price: string, pp: number): number => toUnits(toFixed(price, pp), pp)

/** Most fired orders one transaction claims and places; the next transactions claim the rest. */
export const CLAIMS_PER_PASS = 256

/**
 * The spot engine's conditional orders in memory: one trigger book per market, the waiting rows
 * by id, and each market's last traded price (what every trigger looks at). Rebuilt from the
 * database with the books (a restart keeps a trailing stop's stored watermark).
 *
 * A price that reaches more triggers than one transaction claims (CLAIMS_PER_PASS) leaves the
 * rest fired but not claimed: out of the trigger book, still 'waiting', stamped triggered_at in
 * the transaction that fired them (so a restart or a new owner claims them, not the book again),
 * and queued per market in the order the price passed them; each next transaction claims from
 * the front of the queue. A cancel takes one out of the queue like out of the book.
 */
export class TriggerState {
  private readonly books = new Map<string, TriggerBook>()
  /** Conditional orders waiting for their trigger (or, fired, for their claim), by id. */
  readonly waiting = new Map<number, OrderRow>()
  /** The last traded price per market, in ticks. */
  readonly last = new Map<string, number>()
  /** Fired, not claimed yet, per market, in firing order. */
  private readonly fired = new Map<string, number[]>()
  /** Most orders a transaction claims (tests lower it). */
  claimsPerPass = CLAIMS_PER_PASS
  /** Cluster: whether this process owns a market (claims only there). */
  owns: (symbol: string) => boolean = () => true

  /** Fired orders not claimed yet (all markets this process owns). */
  unclaimed(): number {
    let n = 0
    for (const [symbol, q] of this.fired) if (this.owns(symbol)) n += q.length
    return n
  }

  /** Queues fired orders (already out of the trigger book) for their claim, in this order. */
  queue(symbol: string, ids: readonly number[]): void {
    if (ids.length === 0) return
    const q = this.fired.get(symbol)
    if (q) q.push(...ids)
    else this.fired.set(symbol, [...ids])
  }

  /** Claims up to `max` fired orders, oldest first: out of the queue and out of waiting. */
  claim(max: number): OrderRow[] {
    const out: OrderRow[] = []
    for (const [symbol, q] of this.fired) {
      if (!this.owns(symbol)) continue
      let i = 0
      for (; i < q.length && out.length < max; i++) {
        const id = q[i] as number
        const row = this.waiting.get(id)
        if (!row) continue
        this.waiting.delete(id)
        out.push(row)
      }
      q.splice(0, i)
      if (q.length === 0) this.fired.delete(symbol)
      if (out.length >= max) break
    }
    return out
  }

  bookOf(symbol: string): TriggerBook {
    let b = this.books.get(symbol)
    if (!b) {
      b = new TriggerBook()
      this.books.set(symbol, b)
    }
    return b
  }

  /** A waiting row into its market's trigger book. */
  add(row: OrderRow, pp: number): void {
    const id = Number(row.id)
    const b = this.bookOf(row.symbol)
    if (row.type === 'trailing_stop')
      b.addTrailing({
        id,
        side: row.side,
        callbackBps: row.callback_rate ?? 0,
        activation: row.activation_price === null ? null : ticks(row.activation_price, pp),
        watermark: row.watermark === null ? null : ticks(row.watermark, pp),
      })
    else
      b.addFixed(id, directionOf(row.type as ConditionalType, row.side), ticks(row.trigger_price ?? '0', pp))
    this.waiting.set(id, row)
  }

  /** Takes a row out (cancelled, fired, expired); false when it was not waiting. */
  remove(row: OrderRow): boolean {
    const id = Number(row.id)
    this.books.get(row.symbol)?.remove(id)
    const q = this.fired.get(row.symbol)
    const at = q ? q.indexOf(id) : -1
    if (q && at >= 0) q.splice(at, 1)
    return this.waiting.delete(id)
  }

  /** The market's waiting orders and last price, read again from the database. */
  async load(db: Tx, symbol: string, pp: number): Promise<void> {
    for (const [id, o] of this.waiting) if (o.symbol === symbol) this.waiting.delete(id)
    this.books.delete(symbol)
    this.fired.delete(symbol)
    const last = await lastTradePrice(db, symbol)
    if (last === undefined) this.last.delete(symbol)
    else this.last.set(symbol, ticks(last, pp))
    const fired: OrderRow[] = []
    for (const o of await waitingOrdersOfSymbol(db, symbol)) {
      if (o.triggered_at === null) this.add(o, pp)
      else {
        fired.push(o)
        this.waiting.set(Number(o.id), o)
      }
    }
    // Fired before the restart, not claimed yet: claimed first, in the order they fired.
    fired.sort((a, b) => firingOrder(a, b, pp))
    this.queue(
      symbol,
      fired.map((o) => Number(o.id)),
    )
  }
}

/**
 * The order fired rows are claimed in after a restart: by the transaction that fired them, then
 * as the price passed them (a falling price the highest trigger first, a rising one the lowest),
 * then the oldest.
 */
function firingOrder(a: OrderRow, b: OrderRow, pp: number): number {
  const at = new Date(a.triggered_at as Date).getTime() - new Date(b.triggered_at as Date).getTime()
  if (at !== 0) return at
  if (a.trigger_price !== null && b.trigger_price !== null) {
    const da = directionOf(a.type as ConditionalType, a.side)
    if (da === directionOf(b.type as ConditionalType, b.side)) {
      const d = ticks(a.trigger_price, pp) - ticks(b.trigger_price, pp)
      if (d !== 0) return da === 'down' ? -d : d
    }
  }
  return Number(a.id) - Number(b.id)
}

/**
 * Stamps fired orders the transaction does not claim (one statement): still 'waiting', but out
 * of the trigger book for good.
 */
export async function markFired(db: Tx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await sql`
    update spot_order set triggered_at = ${now.toISOString()}::timestamptz
    where status = 'waiting'
      and id in (select value::bigint from json_array_elements_text(${JSON.stringify(ids)}::json))`.execute(
    db,
  )
}

/** The conditional columns of an order row. */
export type ConditionalColumns = Pick<
  OrderRow,
  'trigger_price' | 'triggered_at' | 'callback_rate' | 'activation_price' | 'watermark' | 'oco_id'
>

/**
 * The conditional columns of an order entering the book: none for a plain order; a triggered
 * order keeps its trigger (and its type, rates, client id and placement time: newOrderRow) and is
 * stamped triggered now.
 */
export function conditionalColumns(child: OrderRow | undefined, now: Date): ConditionalColumns {
  if (!child)
    return {
      trigger_price: null,
      triggered_at: null,
      callback_rate: null,
      activation_price: null,
      watermark: null,
      oco_id: null,
    }
  return {
    trigger_price: child.trigger_price,
    triggered_at: now,
    callback_rate: child.callback_rate,
    activation_price: child.activation_price,
    watermark: child.watermark,
    oco_id: child.oco_id,
  }
}
