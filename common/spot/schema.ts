import * as v from 'valibot'
import { symbolSchema } from '../market/schema'
import { intIn } from '../validate/strict'
import { CALLBACK_MAX_BPS, CALLBACK_MIN_BPS, CONDITIONAL_TYPES, executesAs, isConditional } from './triggers'

/** A positive decimal string as typed in an order form ("0.5", "42000"). */
const DECIMAL_RE = /^\d{1,20}(\.\d{1,18})?$/
export const positiveDecimal = v.pipe(
  v.string('invalid_number'),
  v.trim(),
  v.regex(DECIMAL_RE, 'invalid_number'),
  v.check((s) => /[1-9]/.test(s), 'must_be_positive'),
)

export const SPOT_SIDES = ['buy', 'sell'] as const
export const SPOT_TYPES = ['limit', 'market', ...CONDITIONAL_TYPES] as const
export type SpotSide = (typeof SPOT_SIDES)[number]
export type SpotOrderType = (typeof SPOT_TYPES)[number]

/** Time in force of a limit order (Binance spot semantics; docs/products/spot.md). */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const
export type TimeInForce = (typeof TIME_IN_FORCE)[number]

/**
 * A client order id: the caller's own name for an order, unique per user among open orders
 * (spot and perpetual). Binance's rule: 1 to 36 of letters, digits and `.:/_-`.
 */
export const clientOrderIdSchema = v.pipe(
  v.string('invalid_client_order_id'),
  v.regex(/^[.A-Za-z0-9:/_-]{1,36}$/, 'invalid_client_order_id'),
)

/** How an order of this type trades once it is in the book (a conditional one once triggered). */
export const executionOf = (type: SpotOrderType): 'limit' | 'market' =>
  isConditional(type) ? executesAs(type) : type

/**
 * POST /spot/order/place. A limit order gives price and amount (base); a market sell gives the
 * amount to sell; a market buy gives quoteAmount, the quote currency to spend (fee included).
 */
export const placeOrderSchema = v.pipe(
  v.object({
    symbol: symbolSchema,
    side: v.picklist(SPOT_SIDES, 'invalid_side'),
    type: v.picklist(SPOT_TYPES, 'invalid_type'),
    price: v.optional(positiveDecimal),
    amount: v.optional(positiveDecimal),
    quoteAmount: v.optional(positiveDecimal),
    timeInForce: v.optional(v.picklist(TIME_IN_FORCE, 'invalid_time_in_force')),
    postOnly: v.optional(v.boolean('invalid_post_only')),
    clientOrderId: v.optional(clientOrderIdSchema),
    /** Stop and take-profit types: the last traded price that fires the order. */
    triggerPrice: v.optional(positiveDecimal),
    /** Trailing stop: the callback rate in basis points (10 to 2,000: 0.1 % to 20 %). */
    callbackRate: v.optional(intIn(CALLBACK_MIN_BPS, CALLBACK_MAX_BPS, 'invalid_callback_rate')),
    /** Trailing stop: the price from which it starts trailing (omitted: at once). */
    activationPrice: v.optional(positiveDecimal),
  }),
  v.forward(
    v.check((o) => executionOf(o.type) !== 'limit' || o.price !== undefined, 'price_required'),
    ['price'],
  ),
  v.forward(
    v.check(
      (o) => (executionOf(o.type) === 'market' && o.side === 'buy') || o.amount !== undefined,
      'amount_required',
    ),
    ['amount'],
  ),
  // A market buy is sized by exactly one of amount (base) and quoteAmount (quote to spend).
  v.forward(
    v.check(
      (o) =>
        !(o.type === 'market' && o.side === 'buy') ||
        (o.quoteAmount === undefined) !== (o.amount === undefined),
      'amount_required',
    ),
    ['quoteAmount'],
  ),
  // Time in force and post-only are a limit order's; a post-only order is GTC (it never takes).
  v.forward(
    v.check((o) => o.type !== 'market' || (o.timeInForce ?? 'GTC') === 'GTC', 'invalid_time_in_force'),
    ['timeInForce'],
  ),
  v.forward(
    v.check(
      (o) => !o.postOnly || (o.type !== 'market' && (o.timeInForce ?? 'GTC') === 'GTC'),
      'invalid_post_only',
    ),
    ['postOnly'],
  ),
  // The conditional types' own fields (issue 38; docs/products/spot.md, "Conditional orders").
  v.forward(
    v.check(
      (o) => (o.type !== 'trailing_stop' && isConditional(o.type)) === (o.triggerPrice !== undefined),
      'trigger_price_required',
    ),
    ['triggerPrice'],
  ),
  v.forward(
    v.check((o) => (o.type === 'trailing_stop') === (o.callbackRate !== undefined), 'callback_rate_required'),
    ['callbackRate'],
  ),
  v.forward(
    v.check((o) => o.type === 'trailing_stop' || o.activationPrice === undefined, 'invalid_activation_price'),
    ['activationPrice'],
  ),
  // A conditional market buy spends a quote budget, frozen at placement.
  v.forward(
    v.check(
      (o) =>
        !(isConditional(o.type) && executesAs(o.type) === 'market' && o.side === 'buy') ||
        (o.quoteAmount !== undefined && o.amount === undefined),
      'amount_required',
    ),
    ['quoteAmount'],
  ),
  // Conditional orders rest until triggered, then trade as GTC (no IOC, FOK or post-only).
  v.forward(
    v.check(
      (o) => !isConditional(o.type) || (o.timeInForce === undefined && !o.postOnly),
      'invalid_time_in_force',
    ),
    ['timeInForce'],
  ),
)
export type PlaceOrderInput = v.InferInput<typeof placeOrderSchema>

/**
 * POST /spot/order/oco: a limit order and a stop (stop-limit at `stopPrice`, stop-market without)
 * sharing one freeze; when one leg fills or triggers the other expires (Binance spot).
 */
export const ocoOrderSchema = v.object({
  symbol: symbolSchema,
  side: v.picklist(SPOT_SIDES, 'invalid_side'),
  amount: positiveDecimal,
  price: positiveDecimal,
  triggerPrice: positiveDecimal,
  stopPrice: v.optional(positiveDecimal),
})
export type OcoOrderInput = v.InferOutput<typeof ocoOrderSchema>

/** An id as the API takes it: digits, as a string or a number. */
export const idString = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'),
)

/** Cancel or query one order by its id or by the caller's client order id (exactly one). */
export const orderRefSchema = v.pipe(
  v.object({ id: v.optional(idString), clientOrderId: v.optional(clientOrderIdSchema) }),
  v.check((o) => (o.id === undefined) !== (o.clientOrderId === undefined), 'id_required'),
)
export const cancelOrderSchema = orderRefSchema
export const cancelAllSchema = v.object({ symbol: v.optional(symbolSchema) })

/** A page size: 1..max, `fallback` when omitted. */
export const limitSchema = (max: number, fallback: number) =>
  v.optional(intIn(1, max, 'invalid_limit'), fallback)

export const openOrdersQuerySchema = v.object({ symbol: v.optional(symbolSchema) })

/** Paged newest first: pass the last id seen as `before` for the next page. */
export const historyQuerySchema = v.object({
  symbol: v.optional(symbolSchema),
  before: v.optional(idString),
  limit: limitSchema(100, 20),
})

export const depthQuerySchema = v.object({ symbol: symbolSchema, limit: limitSchema(100, 20) })
export const tradesQuerySchema = v.object({ symbol: symbolSchema, limit: limitSchema(100, 30) })

/** Wire types. */
/** 'waiting': a conditional order not triggered yet; 'expired': triggered with nothing to trade, or its OCO sibling went first. */
export type SpotOrderStatus = 'open' | 'partial' | 'filled' | 'cancelled' | 'waiting' | 'expired'
export interface SpotOrder {
  id: string
  symbol: string
  side: SpotSide
  type: SpotOrderType
  price: string | null
  amount: string | null
  quoteAmount: string | null
  filled: string
  filledQuote: string
  /** Average fill price, null before the first fill. */
  avgPrice: string | null
  fee: string
  status: SpotOrderStatus
  createdAt: number
  updatedAt: number
  timeInForce: TimeInForce
  postOnly: boolean
  clientOrderId: string | null
  /** Conditional orders (docs/products/spot.md): the trigger, when it fired (null: not yet). */
  triggerPrice?: string | null
  triggeredAt?: number | null
  /** Trailing stop: callback rate (basis points), activation price, the watermark kept so far. */
  callbackRate?: number | null
  activationPrice?: string | null
  watermark?: string | null
  /** OCO: the other leg's id. */
  ocoId?: string | null
}

export interface SpotFill {
  id: string
  orderId: string
  symbol: string
  side: SpotSide
  role: 'maker' | 'taker'
  price: string
  amount: string
  quote: string
  fee: string
  ts: number
}

export interface PublicTrade {
  id: string
  price: string
  amount: string
  /** Side of the taker. */
  side: SpotSide
  ts: number
}

export interface DepthLevel {
  price: string
  amount: string
}

export interface DepthSnapshot {
  symbol: string
  /**
   * The book's sequence number: larger after every change of the book, never smaller (0: no
   * book). A client keeping a local book keeps the answer with the largest one (docs/api.md).
   */
  seq: number
  bids: DepthLevel[]
  asks: DepthLevel[]
  ts: number
}

export const depthChannel = (symbol: string): string => `depth:${symbol}`
export const tradesChannel = (symbol: string): string => `trades:${symbol}`

export interface SpotBalance {
  asset: string
  available: string
  frozen: string
  /** The asset's precision (decimal places), for its display precision in the order form. */
  precision?: number
}
export interface SpotBalances {
  base: SpotBalance
  quote: SpotBalance
  /** The instrument's rates: what an order freezes for (the higher of the two on a buy). */
  makerFee: string
  takerFee: string
  /** The caller's own rates now (a VIP tier's discount applied): what an order placed now is charged. */
  feeRates: { maker: string; taker: string }
}
