import { toFixed } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import { type ConditionalType, directionOf } from '@common/spot/triggers'
import { TriggerBook } from '../../engine/trigger-book'
import type { Tx } from '../../ledger/ledger'
import { lastTradePrice, type OrderRow, waitingOrdersOfSymbol } from './repo'

/** A decimal price in a market's ticks. */
export const ticks = (price: string, pp: number): number => toUnits(toFixed(price, pp), pp)

/**
 * The spot engine's conditional orders in memory: one trigger book per market, the waiting rows
 * by id, and each market's last traded price (what every trigger looks at). Rebuilt from the
 * database with the books (a restart keeps a trailing stop's stored watermark).
 */
export class TriggerState {
  private readonly books = new Map<string, TriggerBook>()
  /** Conditional orders waiting for their trigger, by id. */
  readonly waiting = new Map<number, OrderRow>()
  /** The last traded price per market, in ticks. */
  readonly last = new Map<string, number>()

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
    return this.waiting.delete(id)
  }

  /** The market's waiting orders and last price, read again from the database. */
  async load(db: Tx, symbol: string, pp: number): Promise<void> {
    for (const [id, o] of this.waiting) if (o.symbol === symbol) this.waiting.delete(id)
    this.books.delete(symbol)
    const last = await lastTradePrice(db, symbol)
    if (last === undefined) this.last.delete(symbol)
    else this.last.set(symbol, ticks(last, pp))
    for (const o of await waitingOrdersOfSymbol(db, symbol)) this.add(o, pp)
  }
}

/**
 * The conditional columns of an order entering the book: none for a plain order; a triggered
 * order keeps its type, trigger, fee rates, client id and placement time, and is stamped
 * triggered now.
 */
export function conditionalColumns(child: OrderRow | undefined, now: Date) {
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
    type: child.type,
    maker_fee_rate: child.maker_fee_rate,
    taker_fee_rate: child.taker_fee_rate,
    client_order_id: child.client_order_id,
    created_at: child.created_at,
    trigger_price: child.trigger_price,
    triggered_at: now,
    callback_rate: child.callback_rate,
    activation_price: child.activation_price,
    watermark: child.watermark,
    oco_id: child.oco_id,
  }
}
