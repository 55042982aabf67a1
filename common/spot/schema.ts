import * as v from 'valibot'
import { symbolSchema } from '../market/schema'
import { intIn } from '../validate/strict'

/** A positive decimal string as typed in an order form ("0.5", "42000"). */
const DECIMAL_RE = /^\d{1,20}(\.\d{1,18})?$/
export const positiveDecimal = v.pipe(
  v.string('invalid_number'),
  v.trim(),
  v.regex(DECIMAL_RE, 'invalid_number'),
  v.check((s) => /[1-9]/.test(s), 'must_be_positive'),
)

export const SPOT_SIDES = ['buy', 'sell'] as const
export const SPOT_TYPES = ['limit', 'market'] as const
export type SpotSide = (typeof SPOT_SIDES)[number]
export type SpotOrderType = (typeof SPOT_TYPES)[number]

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
  }),
  v.forward(
    v.check((o) => o.type !== 'limit' || o.price !== undefined, 'price_required'),
    ['price'],
  ),
  v.forward(
    v.check((o) => (o.type === 'market' && o.side === 'buy') || o.amount !== undefined, 'amount_required'),
    ['amount'],
  ),
  v.forward(
    v.check(
      (o) => !(o.type === 'market' && o.side === 'buy') || o.quoteAmount !== undefined,
      'amount_required',
    ),
    ['quoteAmount'],
  ),
)
export type PlaceOrderInput = v.InferInput<typeof placeOrderSchema>

/** An id as the API takes it: digits, as a string or a number. */
export const idString = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'),
)

export const cancelOrderSchema = v.object({ id: idString })
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
export type SpotOrderStatus = 'open' | 'partial' | 'filled' | 'cancelled'
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
