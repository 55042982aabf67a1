import * as v from 'valibot'
import { symbolSchema } from '../market/schema'
import { idString, limitSchema, positiveDecimal } from '../spot/schema'
import { boundedText, intIn, optionalReason, REASON_MAX } from '../validate/strict'
import { OPTION_PERIODS, OPTION_TYPES, type OptionPeriod, type OptionResult, type OptionType } from './rules'

/**
 * Short-term options: wire shapes shared by the server and the app. Amounts and prices are decimal
 * strings (USDT), times epoch ms, periods seconds, ids strings.
 */

const periodSchema = v.pipe(
  intIn(1, 999_999, 'invalid_period'),
  v.picklist(OPTION_PERIODS as unknown as number[], 'invalid_period'),
)

export const optionOrderSchema = v.object({
  symbol: symbolSchema,
  period: periodSchema,
  type: v.picklist(OPTION_TYPES, 'invalid_type'),
  amount: positiveDecimal,
})
export type OptionOrderInput = v.InferInput<typeof optionOrderSchema>

export const optionRoundsQuerySchema = v.object({ symbol: symbolSchema })
export const optionRoundIdSchema = v.object({ id: idString })

export const OPTION_ORDER_STATUSES = ['waiting', 'settling', 'settled'] as const
export type OptionOrderStatus = (typeof OPTION_ORDER_STATUSES)[number]

export const optionOrdersQuerySchema = v.object({
  status: v.optional(v.picklist(['open', 'settled'] as const, 'invalid_status')),
  symbol: v.optional(symbolSchema),
  before: v.optional(idString),
  limit: limitSchema(100, 20),
})

/** A rate: 0 <= r <= 10 with up to 6 decimals. */
const rateSchema = v.pipe(
  v.string('invalid_number'),
  v.trim(),
  v.regex(/^\d{1,2}(\.\d{1,6})?$/, 'invalid_number'),
  v.check((s) => Number(s) <= 10, 'too_large'),
)

/** Operator settings of one (symbol, period): apply to rounds created after the change. */
export const optionSettingSchema = v.object({
  symbol: symbolSchema,
  period: periodSchema,
  enabled: v.optional(v.boolean()),
  upRate: v.optional(rateSchema),
  downRate: v.optional(rateSchema),
  flatRate: v.optional(rateSchema),
  band: v.optional(rateSchema),
  feeRate: v.optional(rateSchema),
  minAmount: v.optional(positiveDecimal),
  reason: optionalReason,
})
export type OptionSettingInput = v.InferInput<typeof optionSettingSchema>

export const optionFundSchema = v.object({
  amount: positiveDecimal,
  reason: boundedText(REASON_MAX, 'reason_required', 1),
})

export interface OptionSetting {
  symbol: string
  period: OptionPeriod
  enabled: boolean
  upRate: string
  downRate: string
  flatRate: string
  /** Flat band as a fraction of the open price. */
  band: string
  feeRate: string
  minAmount: string
  /** Seconds before a round starts when it stops taking orders. */
  cutoff: number
}

export type OptionRoundStatus = 'open' | 'running' | 'settling' | 'settled' | 'void'

export interface OptionRound {
  id: string
  symbol: string
  period: OptionPeriod
  /** Epoch ms. */
  cutoffAt: number
  startAt: number
  deliveryAt: number
  upRate: string
  downRate: string
  flatRate: string
  bandRate: string
  feeRate: string
  minAmount: string
  status: OptionRoundStatus
  openPrice: string | null
  /** Epoch ms of the tick the open price came from. */
  openTickAt: number | null
  closePrice: string | null
  closeTickAt: number | null
  /** Absolute band (open x band rate), once the open price is known. */
  band: string | null
  result: OptionResult | null
  /** Whether new orders fit under the pool (false: refused with optionPoolFull). */
  acceptsOrders?: boolean
}

/** GET /api/option/rounds: the buyable round of each offered period, plus the live index. */
export interface OptionRounds {
  symbol: string
  index: string | null
  pricePrecision: number
  symbols: string[]
  rounds: OptionRound[]
}

export interface OptionOrder {
  id: string
  roundId: string
  symbol: string
  period: OptionPeriod
  type: OptionType
  amount: string
  fee: string
  rate: string
  expectedProfit: string
  status: OptionOrderStatus
  /** win | lose | void (refunded), once settled. */
  outcome: 'win' | 'lose' | 'void' | null
  payout: string | null
  openPrice: string | null
  closePrice: string | null
  band: string | null
  createdAt: number
  startAt: number
  deliveryAt: number
  settledAt: number | null
}

export interface OptionPool {
  asset: 'USDT'
  balance: string
  /** Sum of the worst cases of the rounds not settled yet. */
  exposure: string
}
