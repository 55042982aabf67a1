import { onTick } from '@common/market/tick'
import { gt, lt, max, mul } from '@common/money/decimal'
import { fromUnits } from '@common/money/units'
import { limitBuyFreeze } from '@common/spot/rules'
import type { OcoOrderInput } from '@common/spot/schema'
import {
  type ConditionalType,
  directionOf,
  executesAs,
  firesAtOnce,
  trailActivatesAtOnce,
} from '@common/spot/triggers'
import { AppError } from '../../http/errors'
import { freeze } from '../../ledger/ledger'
import type { PlaceInput } from '../../platform/ports/engines'
import { type Inst, key, type Pass, type Prepared } from './model'
import { prepareOrder } from './prepare'
import type { OrderRow } from './repo'
import { cancelIn, newOrderRow, releaseLocked } from './settle'
import type { SpotState } from './state'
import { ticks } from './trigger-state'

/*
 * Conditional orders being placed and cancelled (docs/products/spot.md, "Conditional orders"):
 * a stop, take-profit or trailing stop is checked as the order it becomes when triggered, its
 * funds are frozen at once, and it waits in the trigger book as a 'waiting' row. Firing them is
 * triggers.ts.
 */

const onTickOrRefuse = (price: string, pp: number): string => {
  const p = onTick(price, pp)
  if (p === null) throw new AppError('priceOffTick')
  return p
}

/** Checks a conditional placement as the order it becomes, and works out its trigger; no I/O. */
export function prepareConditional(inst: Inst, holder: string, input: PlaceInput): Prepared {
  const type = input.type as ConditionalType
  const p = prepareOrder(inst, holder, {
    ...input,
    type: executesAs(type),
    timeInForce: 'GTC',
    postOnly: false,
  })
  const trailing = type === 'trailing_stop'
  const triggerPrice = trailing ? null : onTickOrRefuse(input.triggerPrice ?? '0', inst.pp)
  const activationPrice =
    trailing && input.activationPrice !== undefined ? onTickOrRefuse(input.activationPrice, inst.pp) : null
  return {
    ...p,
    cond: {
      type,
      dir: directionOf(type, input.side),
      triggerPrice,
      triggerU: triggerPrice === null ? null : ticks(triggerPrice, inst.pp),
      callbackRate: trailing ? (input.callbackRate ?? null) : null,
      activationPrice,
      activationU: activationPrice === null ? null : ticks(activationPrice, inst.pp),
    },
  }
}

/** The row of a conditional order as placed, waiting for its trigger. */
function waitingRow(st: SpotState, pass: Pass, p: Prepared, id: number, lock: string): OrderRow {
  const { inst, cond } = p
  if (!cond) throw new Error('not a conditional order')
  const last = st.triggers.last.get(inst.symbol)
  return newOrderRow(st, pass, p, id, {
    type: cond.type,
    lock,
    status: 'waiting',
    timeInForce: 'GTC',
    postOnly: false,
    cond: {
      trigger_price: cond.triggerPrice,
      triggered_at: null,
      callback_rate: cond.callbackRate,
      activation_price: cond.activationPrice,
      // A trailing stop active at once trails from the last price (none yet: from the next trade).
      watermark:
        cond.type === 'trailing_stop' && cond.activationU === null && last !== undefined
          ? fromUnits(last, inst.pp)
          : null,
      oco_id: null,
    },
  })
}

function keep(_st: SpotState, pass: Pass, row: OrderRow): void {
  pass.writes.set(Number(row.id), row)
  pass.fx.orders.set(String(row.id), row)
}

/**
 * Places a conditional order in a pass: refused (triggerReached) when the last traded price has
 * already reached its trigger (or a trailing stop's activation price); otherwise its funds are
 * frozen and it waits. Null, having changed nothing, when its balances are not locked.
 */
export function restIn(st: SpotState, pass: Pass, p: Prepared, ids: number[]): OrderRow | null {
  const { inst, holder, cond } = p
  if (!cond) throw new Error('not a conditional order')
  if (![key(holder, inst.base), key(holder, inst.quote)].every((k) => pass.ledger.isLocked(k))) return null
  const last = st.triggers.last.get(inst.symbol) ?? null
  const atOnce =
    cond.type === 'trailing_stop'
      ? trailActivatesAtOnce(p.input.side, cond.activationU, last)
      : firesAtOnce(cond.dir, cond.triggerU ?? 0, last)
  if (atOnce) throw new AppError('triggerReached')
  if (p.lock === null) throw new Error('a conditional order freezes at placement')
  const id = ids.shift()
  if (id === undefined) throw new Error('no order id reserved')
  pass.ledger.post({
    reason: 'spot_freeze',
    refType: 'spot_order',
    refId: String(id),
    postings: freeze(key(holder, p.input.side === 'buy' ? inst.quote : inst.base), p.lock),
  })
  const row = waitingRow(st, pass, p, id, p.lock)
  st.triggers.add(row, inst.pp)
  keep(st, pass, row)
  return row
}

/**
 * Cancels a waiting order: its freeze released; an OCO's other leg (the limit leg, which holds
 * the shared freeze) is cancelled with it. A row no longer waiting is left as it is.
 */
export function cancelWaitingIn(st: SpotState, pass: Pass, o: OrderRow): OrderRow {
  if (!st.triggers.remove(o)) return o
  releaseLocked(st, pass, o)
  // Fired but not claimed yet: it never entered the book.
  const row: OrderRow = { ...o, status: 'cancelled', locked: '0', triggered_at: null, updated_at: pass.now }
  keep(st, pass, row)
  const other = o.oco_id === null ? undefined : st.open.get(Number(o.oco_id))
  if (other && (other.status === 'open' || other.status === 'partial')) cancelIn(st, pass, other)
  return row
}

/**
 * Places an OCO in a pass (Binance spot): a limit leg resting in the book and a stop leg
 * (stop-limit at `stopPrice`, stop-market without) waiting for its trigger, both sized `amount`
 * and sharing one freeze, held by the limit leg: for a sell the amount; for a buy the larger of
 * the two legs' limit-buy freezes (a stop-market buy leg is priced at its trigger). The prices
 * must stand in order around the last traded price, and the limit leg must not trade at once.
 */
export function placeOcoIn(
  st: SpotState,
  pass: Pass,
  holder: string,
  input: OcoOrderInput,
  ids: number[],
): [OrderRow, OrderRow] {
  const inst = st.inst(input.symbol)
  const { side, amount } = input
  const limit = prepareOrder(inst, holder, {
    symbol: input.symbol,
    side,
    type: 'limit',
    price: input.price,
    amount,
  })
  const stop = prepareConditional(inst, holder, {
    symbol: input.symbol,
    side,
    ...(input.stopPrice === undefined
      ? { type: 'stop_market' }
      : { type: 'stop_limit', price: input.stopPrice }),
    amount,
    triggerPrice: input.triggerPrice,
  })
  const price = limit.price as string
  const trigger = stop.cond?.triggerPrice as string
  const last = st.triggers.last.get(inst.symbol)
  const lastPrice = last === undefined ? null : fromUnits(last, inst.pp)
  const inOrder =
    side === 'sell'
      ? gt(price, trigger) && (lastPrice === null || (gt(price, lastPrice) && gt(lastPrice, trigger)))
      : lt(price, trigger) && (lastPrice === null || (lt(price, lastPrice) && lt(lastPrice, trigger)))
  if (!inOrder || st.previewOf(limit).length > 0) throw new AppError('ocoPrices')

  const [limitId, stopId] = [ids.shift(), ids.shift()]
  if (limitId === undefined || stopId === undefined) throw new Error('no order id reserved')
  const lock =
    side === 'sell'
      ? (limit.lock as string)
      : max(
          limit.lock as string,
          limitBuyFreeze(mul(stop.price ?? trigger, amount), inst.makerFee, inst.takerFee, inst.qdp),
        )
  pass.ledger.post({
    reason: 'spot_freeze',
    refType: 'spot_order',
    refId: String(limitId),
    postings: freeze(key(holder, side === 'buy' ? inst.quote : inst.base), lock),
  })
  // The stop leg holds nothing itself: when it triggers, the limit leg's freeze moves to it.
  const stopRow: OrderRow = { ...waitingRow(st, pass, stop, stopId, '0'), oco_id: String(limitId) }
  const limitRow: OrderRow = {
    ...waitingRow(st, pass, stop, limitId, lock),
    type: 'limit',
    price,
    status: 'open',
    trigger_price: null,
    oco_id: String(stopId),
  }
  st.book(inst.symbol).add(limitId, side, limit.priceU, limit.qtyU as number, holder)
  pass.fx.books.add(inst.symbol)
  st.open.set(limitId, limitRow)
  st.triggers.add(stopRow, inst.pp)
  keep(st, pass, limitRow)
  keep(st, pass, stopRow)
  return [limitRow, stopRow]
}
