/*
 * The conditional spot orders' trigger rules, one copy for both sides: the engine fires with them
 * (server/modules/spot/triggers.ts, over server/engine/trigger-book.ts), the order form warns
 * with them. Every price here is in the market's integer ticks (common/money/units.ts), so each
 * comparison is exact.
 *
 * One rule everywhere: a trigger looks at the market's last traded price on this exchange (each
 * trade in turn), never at an index or a mark price (docs/products/spot.md, "Conditional orders").
 */

export const CONDITIONAL_TYPES = [
  'stop_limit',
  'stop_market',
  'take_profit_limit',
  'take_profit_market',
  'trailing_stop',
] as const
export type ConditionalType = (typeof CONDITIONAL_TYPES)[number]

export const isConditional = (type: string): type is ConditionalType =>
  (CONDITIONAL_TYPES as readonly string[]).includes(type)

/** A trailing stop's callback rate, in basis points: 0.1 % to 20 % (as Binance spot). */
export const CALLBACK_MIN_BPS = 10
export const CALLBACK_MAX_BPS = 2000

/** "down": fires once the last price is at or below the trigger; "up": at or above. */
export type Direction = 'down' | 'up'

/**
 * Which way the price must move to fire: a stop sells on the way down and buys on the way up
 * (it limits a loss), a take-profit the mirror; a trailing stop is a stop whose trigger follows
 * the best price seen.
 */
export function directionOf(type: ConditionalType, side: 'buy' | 'sell'): Direction {
  const stop = type !== 'take_profit_limit' && type !== 'take_profit_market'
  return (side === 'sell') === stop ? 'down' : 'up'
}

/** What the order becomes once triggered. */
export const executesAs = (type: ConditionalType): 'limit' | 'market' =>
  type === 'stop_limit' || type === 'take_profit_limit' ? 'limit' : 'market'

/** Whether a traded price fires a fixed trigger. */
export const fires = (dir: Direction, trigger: number, last: number): boolean =>
  dir === 'down' ? last <= trigger : last >= trigger

/**
 * Placement refuses an order that would fire at once: its trigger already reached by the last
 * traded price (no trade yet: nothing is reached).
 */
export const firesAtOnce = (dir: Direction, trigger: number, last: number | null): boolean =>
  last !== null && fires(dir, trigger, last)

/**
 * A trailing stop's trigger for its watermark (the highest price since activation for a sell,
 * the lowest for a buy): the watermark moved back by the callback rate, rounded to the tick
 * away from the watermark (a sell fires at or below floor(high x (1 - rate)), a buy at or above
 * ceil(low x (1 + rate))). Exact: computed in integers.
 */
export function trailTrigger(side: 'buy' | 'sell', watermark: number, callbackBps: number): number {
  const w = BigInt(watermark)
  if (side === 'sell') return Number((w * BigInt(10_000 - callbackBps)) / 10_000n)
  const num = w * BigInt(10_000 + callbackBps)
  return Number((num + 9_999n) / 10_000n)
}

/** Whether a price reaches a trailing stop's activation price (a sell's from below, a buy's from above). */
export const activates = (side: 'buy' | 'sell', activation: number, price: number): boolean =>
  side === 'sell' ? price >= activation : price <= activation

export interface TrailState {
  side: 'buy' | 'sell'
  callbackBps: number
  /** Null: active from placement. */
  activation: number | null
  /** Null: not active yet, or no trade seen since placement. */
  watermark: number | null
}

/**
 * One traded price applied to a trailing stop: the watermark it keeps (activated, or moved to a
 * new high for a sell, a new low for a buy) and whether the price fires it. A stop is never
 * fired by the trade that activates it or sets its watermark.
 */
export function trailStep(t: TrailState, price: number): { watermark: number | null; fired: boolean } {
  if (t.watermark === null) {
    if (t.activation !== null && !activates(t.side, t.activation, price))
      return { watermark: null, fired: false }
    return { watermark: price, fired: false }
  }
  const watermark = t.side === 'sell' ? Math.max(t.watermark, price) : Math.min(t.watermark, price)
  const trigger = trailTrigger(t.side, watermark, t.callbackBps)
  return { watermark, fired: fires(t.side === 'sell' ? 'down' : 'up', trigger, price) }
}

/**
 * Whether a trailing stop may be placed: its activation price, if any, not reached yet by the
 * last traded price (the order would otherwise be active at once; leave the price out for that).
 */
export const trailActivatesAtOnce = (
  side: 'buy' | 'sell',
  activation: number | null,
  last: number | null,
): boolean => activation !== null && last !== null && activates(side, activation, last)
