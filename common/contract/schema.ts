import * as v from 'valibot'
import type { Page } from '../api/page'
import { symbolSchema } from '../market/schema'
import { clientOrderIdSchema, idString, limitSchema, orderRefSchema, positiveDecimal } from '../spot/schema'
import { optionalReason } from '../validate/strict'

/**
 * USDT-margined perpetual contracts: the wire shapes shared by the server and the app.
 * Hedge mode (one long and one short position per user and instrument), cross margin from the
 * user's `contract` account. Quantity = lots x the instrument's quantity per lot. Every price
 * and amount is a decimal string; ids are strings; times are epoch ms.
 */

export const CONTRACT_SIDES = ['long', 'short'] as const
export type ContractSide = (typeof CONTRACT_SIDES)[number]
export const CONTRACT_ORDER_TYPES = ['limit', 'market'] as const
export type ContractOrderType = (typeof CONTRACT_ORDER_TYPES)[number]
/** `open` adds to a position; `close` is reduce-only and never flips a position. */
export type ContractOrderKind = 'open' | 'close'
/** docs/spec.md section 4: unfilled, partly filled, fully filled, cancelled. */
export type ContractOrderStatus = 'open' | 'partial' | 'filled' | 'cancelled'
/** Why an order exists: the user, or a trigger acting for the user. */
export type ContractOrderSource = 'user' | 'tp' | 'sl' | 'liquidation' | 'reverse' | 'close_all'

/** Most lots in one order. */
export const MAX_ORDER_LOTS = 1_000_000
/** Highest leverage any instrument may allow (operators set each instrument's maximum). */
export const MAX_LEVERAGE = 125

const intIn = (min: number, max: number, key: string) =>
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((x) => (typeof x === 'string' && /^\d{1,9}$/.test(x.trim()) ? Number(x) : x)),
    v.number(key),
    v.integer(key),
    v.minValue(min, key),
    v.maxValue(max, key),
  )

export const lotsSchema = intIn(1, MAX_ORDER_LOTS, 'invalid_lots')
export const leverageSchema = intIn(1, MAX_LEVERAGE, 'invalid_leverage')
const sideSchema = v.picklist(CONTRACT_SIDES, 'invalid_side')
const typeSchema = v.picklist(CONTRACT_ORDER_TYPES, 'invalid_type')

/** POST /contract/order/place: open (or add to) a long or short position. */
export const contractPlaceSchema = v.pipe(
  v.object({
    symbol: symbolSchema,
    side: sideSchema,
    type: typeSchema,
    lots: lotsSchema,
    leverage: leverageSchema,
    price: v.optional(positiveDecimal),
    /** The caller's own id, unique among its open orders; a repeat answers the first order. */
    clientOrderId: v.optional(clientOrderIdSchema),
  }),
  v.forward(
    v.check((o) => o.type !== 'limit' || o.price !== undefined, 'price_required'),
    ['price'],
  ),
)
export type ContractPlaceInput = v.InferOutput<typeof contractPlaceSchema>

/** Cancel or query by id or by client order id (exactly one). */
export const contractCancelSchema = orderRefSchema
export const contractCancelAllSchema = v.object({ symbol: v.optional(symbolSchema) })

/**
 * POST /contract/position/close: close one position, all of it (lots omitted) or part, at the
 * market or as a reduce-only limit order.
 */
export const contractCloseSchema = v.pipe(
  v.object({
    symbol: symbolSchema,
    side: sideSchema,
    type: v.optional(typeSchema, 'market'),
    lots: v.optional(lotsSchema),
    price: v.optional(positiveDecimal),
  }),
  v.forward(
    v.check((o) => o.type !== 'limit' || o.price !== undefined, 'price_required'),
    ['price'],
  ),
)
export const contractCloseAllSchema = v.object({ symbol: v.optional(symbolSchema) })
export const contractReverseSchema = v.object({ symbol: symbolSchema, side: sideSchema })

/** An empty string or null clears that trigger; an omitted key leaves it as it is. */
const triggerPrice = v.optional(v.nullable(v.union([v.literal(''), positiveDecimal])))
/** POST /contract/position/tpsl (docs/spec.md section 5 rules are checked by the server and the app). */
export const contractTpslSchema = v.object({
  symbol: symbolSchema,
  side: sideSchema,
  tp: triggerPrice,
  sl: triggerPrice,
})

/** Paged newest first: pass the last id seen as `before`. */
export const contractHistoryQuerySchema = v.object({
  symbol: v.optional(symbolSchema),
  before: v.optional(idString),
  limit: limitSchema(100, 20),
})
export const contractSymbolQuerySchema = v.object({ symbol: symbolSchema })
export const contractOptionalSymbolQuerySchema = v.object({ symbol: v.optional(symbolSchema) })
export const fundingQuerySchema = v.object({
  symbol: symbolSchema,
  before: v.optional(idString),
  limit: limitSchema(100, 30),
})

// ---- wire types -------------------------------------------------------------------------------

/** One maintenance-margin tier: applies to a position notional from `floor` (USDT) up. */
export interface MarginTier {
  floor: string
  /** Maintenance margin rate, e.g. "0.004". */
  mmr: string
  /** Highest leverage allowed in this tier. */
  maxLeverage: number
}

/** GET /contract/instruments (public). */
export interface ContractInstrument {
  symbol: string
  base: string
  quote: string
  name: string
  status: 'trading' | 'suspended'
  pricePrecision: number
  /** Quantity of the base coin per lot, e.g. "0.001". */
  lotSize: string
  maxLeverage: number
  makerFee: string
  takerFee: string
  /**
   * Liquidation clearance fee rate: this share of a liquidated position's value goes to the risk
   * protection fund (from what is left of the balance, never below zero). Shown on the ticket.
   */
  liquidationFee: string
  /** Price protection band: reduce-only market closes, TP/SL and liquidations fill within it of the index. */
  priceProtection: string
  tiers: MarginTier[]
}

/** GET /contract/info?symbol= (public): what the trade page shows beside the ticket. */
export interface ContractInfo {
  symbol: string
  /** Index price = mark price (the settlement reference price). */
  indexPrice: string | null
  /** Estimated rate of the next funding, from the premium averaged so far this interval. */
  fundingRate: string
  nextFundingAt: number
  /** Open interest in lots (the long side, which equals the short side). */
  openInterest: string
}

export interface ContractOrder {
  id: string
  symbol: string
  side: ContractSide
  kind: ContractOrderKind
  type: ContractOrderType
  source: ContractOrderSource
  /** Limit price (entrusted price); null for market orders. */
  price: string | null
  lots: string
  filledLots: string
  /** Average fill price, null before the first fill. */
  avgPrice: string | null
  leverage: number
  /** Initial margin still frozen for the unfilled part (open orders). */
  margin: string
  fee: string
  /** Realized PnL of a close order's fills. */
  realizedPnl: string
  status: ContractOrderStatus
  createdAt: number
  updatedAt: number
  clientOrderId: string | null
}

export interface ContractPosition {
  symbol: string
  side: ContractSide
  lots: string
  lotSize: string
  /** lots x lotSize, in the base coin. */
  qty: string
  avgOpenPrice: string
  /** = index price. */
  markPrice: string
  /** Estimated, cross margin; null when no price liquidates it ("--"). */
  liquidationPrice: string | null
  margin: string
  leverage: number
  /** Opening fees paid for this position. */
  fee: string
  unrealizedPnl: string
  /** Unrealized PnL / margin, percent with 2 decimals. */
  pnlPercent: string
  /** Realized PnL plus funding received minus paid, since the position opened. */
  settledIncome: string
  /** The account's risk rate (maintenance margin / margin balance), percent. */
  riskRate: string
  fundingRate: string
  tp: string | null
  sl: string | null
  openedAt: number
  updatedAt: number
}

/** GET /contract/account: the contract account in USDT. */
export interface ContractAccount {
  asset: 'USDT'
  /** Wallet balance (available + frozen + position margin) plus unrealized PnL. */
  equity: string
  walletBalance: string
  available: string
  /** Margin frozen for open orders. */
  orderMargin: string
  positionMargin: string
  unrealizedPnl: string
  maintenanceMargin: string
  /** maintenance margin / margin balance, percent; liquidation at 100. */
  riskRate: string
}

export interface ContractFill {
  id: string
  orderId: string
  symbol: string
  side: ContractSide
  kind: ContractOrderKind
  role: 'maker' | 'taker'
  price: string
  lots: string
  fee: string
  realizedPnl: string
  ts: number
}

export type PositionCloseReason = 'close' | 'tp' | 'sl' | 'liquidation' | 'reverse' | 'close_all'

/** Position history: one row per position from open to fully closed. */
export interface ClosedPosition {
  id: string
  symbol: string
  side: ContractSide
  /** Most lots held at once. */
  maxLots: string
  avgOpenPrice: string
  avgClosePrice: string
  realizedPnl: string
  fee: string
  funding: string
  reason: PositionCloseReason
  openedAt: number
  closedAt: number
}

/** One funding settlement of an instrument (public history). */
export interface FundingRound {
  id: string
  symbol: string
  rate: string
  markPrice: string
  ts: number
}

/** GET /contract/funding?symbol=: the next rate and the history. */
export interface FundingInfo extends Page<FundingRound> {
  symbol: string
  fundingRate: string
  nextFundingAt: number
}

/** A funding payment of the user: negative paid, positive received. */
export interface FundingPayment {
  id: string
  symbol: string
  side: ContractSide
  lots: string
  rate: string
  markPrice: string
  amount: string
  ts: number
}

export interface Liquidation {
  id: string
  symbol: string
  side: ContractSide
  lots: string
  /** The index price that triggered it. */
  indexPrice: string
  /** Average price the position was closed at. */
  closePrice: string
  /** The loss realized on this position. */
  loss: string
  /** What the insurance fund paid so no balance went negative (0 when none). */
  insurancePaid: string
  ts: number
}

/** GET /contract/insurance (public): the risk protection fund. */
/**
 * What an insurance-fund row is, for its label: the initial funding, a liquidation clearance fee,
 * a loss beyond a holder's balance paid by the fund, a position takeover (margin out, balance
 * back), funding rounding dust, an operator's adjustment, or anything else.
 */
export const INSURANCE_KINDS = [
  'seed',
  'liquidation_fee',
  'loss_cover',
  'takeover',
  'funding_dust',
  'adjustment',
  'other',
] as const
export type InsuranceKind = (typeof INSURANCE_KINDS)[number]

export interface InsuranceFund
  extends Page<{
    id: string
    ts: number
    change: string
    balance: string
    reason: string
    kind: InsuranceKind
  }> {
  asset: 'USDT'
  balance: string
}

/** Messages of the private `user` socket channel for contracts. */
export type ContractUserMessage =
  | { contractOrder: ContractOrder }
  | { position: ContractPosition | { symbol: string; side: ContractSide; lots: '0' } }
  | { liquidation: Liquidation }

// ---- console ------------------------------------------------------------------------------------

const rateSchema = v.pipe(v.string('invalid_rate'), v.regex(/^0(\.\d{1,8})?$/, 'invalid_rate'))
const tierSchema = v.object({
  floor: v.pipe(v.string('invalid_tiers'), v.regex(/^\d{1,15}(\.\d{1,6})?$/, 'invalid_tiers')),
  mmr: v.pipe(v.string('invalid_tiers'), v.regex(/^0\.\d{1,8}$/, 'invalid_tiers')),
  maxLeverage: v.pipe(
    v.number('invalid_tiers'),
    v.integer('invalid_tiers'),
    v.minValue(1, 'invalid_tiers'),
    v.maxValue(MAX_LEVERAGE, 'invalid_tiers'),
  ),
})

/**
 * POST /admin/contract/settings: an operator changes one instrument's settings (fields omitted
 * stay). Tiers start at 0, floors and rates rise, leverage does not rise.
 */
export const contractSettingsSchema = v.object({
  symbol: symbolSchema,
  maxLeverage: v.optional(leverageSchema),
  tiers: v.optional(
    v.pipe(
      v.array(tierSchema),
      v.minLength(1, 'invalid_tiers'),
      v.maxLength(20, 'invalid_tiers'),
      v.check(
        (t) =>
          Number(t[0]?.floor) === 0 &&
          t.every(
            (x, i) =>
              i === 0 ||
              (Number(x.floor) > Number(t[i - 1]?.floor) &&
                Number(x.mmr) > Number(t[i - 1]?.mmr) &&
                x.maxLeverage <= (t[i - 1]?.maxLeverage ?? 0)),
          ),
        'invalid_tiers',
      ),
    ),
  ),
  makerFee: v.optional(rateSchema),
  takerFee: v.optional(rateSchema),
  /** Every perpetual: the liquidation clearance fee rate and the price protection band. */
  liquidationFee: v.optional(rateSchema),
  priceProtection: v.optional(rateSchema),
  lotSize: v.optional(positiveDecimal),
  trading: v.optional(v.boolean('invalid_trading')),
  reason: optionalReason,
})
export type ContractSettingsInput = v.InferOutput<typeof contractSettingsSchema>
