import * as v from 'valibot'
import { idString, limitSchema, positiveDecimal } from '../spot/schema'
import { assetCodeSchema, boundedText, intIn, optionalReason, timeMsSchema } from '../validate/strict'
import { PROJECT_STATES, type ProjectState } from './project'
import { RATE_KINDS, type RateKind } from './staking'

/**
 * Staking (pledge mining) and coin subscription, both held in the user's finance account.
 * Amounts are decimal strings, ids strings, times epoch ms.
 */

export type StakingOrderStatus = 'earning' | 'completed' | 'redeemed'
export type ProductStatus = 'active' | 'paused'

export interface StakingProduct {
  id: string
  asset: string
  cycleDays: number
  rate: string
  rateKind: RateKind
  /** Rate per year, for display (daily x 365 when the product pays per day). */
  apr: string
  minAmount: string
  maxAmount: string
  quota: string
  staked: string
  earlyRedeem: boolean
  status: ProductStatus
}

export interface StakingOrder {
  id: string
  productId: string
  asset: string
  amount: string
  cycleDays: number
  rate: string
  rateKind: RateKind
  dailyReward: string
  expectedReward: string
  accrued: string
  accruedDays: number
  earlyRedeem: boolean
  status: StakingOrderStatus
  createdAt: number
  endAt: number
  closedAt: number | null
}

export interface StakingReward {
  day: number
  amount: string
  at: number
}

export interface StakingOrderDetail extends StakingOrder {
  rewards: StakingReward[]
}

export interface SubscriptionProject {
  id: string
  name: string
  coin: string
  coinName: string
  description: string
  currency: string
  price: string
  supply: string
  minAmount: string
  maxAmount: string
  startAt: number
  closeAt: number
  announceAt: number
  listingAt: number
  state: ProjectState
  paused: boolean
  committed: string
  participants: number
  /** After the announcement: coins delivered and currency raised. */
  allocated: string | null
  raised: string | null
}

export interface MyCommitment {
  amount: string
  coins: string | null
  paid: string | null
  refund: string | null
  settled: boolean
}

export interface SubscriptionProjectDetail extends SubscriptionProject {
  mine: MyCommitment | null
  now: number
}

const MAX_DAYS = 3650

export const stakeSchema = v.object({ product: idString, amount: positiveDecimal })
export const redeemSchema = v.object({ id: idString })
export const commitSchema = v.object({ project: idString, amount: positiveDecimal })
export const idParamSchema = v.object({ id: idString })
export const stakingOrdersQuerySchema = v.object({
  status: v.optional(v.picklist(['earning', 'completed', 'redeemed'], 'invalid_status')),
  before: v.optional(idString),
  limit: limitSchema(100, 20),
})

// Console input (issue 33): integers as integers, known-looking codes, times within a sane range,
// bounded text. Each asset's precision is checked by the service against the asset table.
const daysSchema = intIn(1, MAX_DAYS, 'invalid_days')
const assetCode = assetCodeSchema()
const timeMs = timeMsSchema()
const reason = optionalReason

export const productInputSchema = v.object({
  asset: assetCode,
  cycleDays: daysSchema,
  rate: positiveDecimal,
  rateKind: v.picklist(RATE_KINDS, 'invalid_rate_kind'),
  minAmount: positiveDecimal,
  maxAmount: positiveDecimal,
  quota: positiveDecimal,
  earlyRedeem: v.boolean('invalid_flag'),
  reason,
})
export type ProductInput = v.InferOutput<typeof productInputSchema>
export const productEditSchema = v.object({ id: idString, ...productInputSchema.entries })
export const pauseSchema = v.object({ id: idString, paused: v.boolean('invalid_flag'), reason })
export const poolFundSchema = v.object({ asset: assetCode, amount: positiveDecimal, reason })

export const projectInputSchema = v.object({
  name: boundedText(60, 'invalid_name', 1),
  coin: assetCode,
  coinName: boundedText(60, 'invalid_name', 1),
  coinPrecision: intIn(0, 8, 'invalid_precision'),
  description: boundedText(2000, 'invalid_description'),
  currency: assetCode,
  price: positiveDecimal,
  supply: positiveDecimal,
  minAmount: positiveDecimal,
  maxAmount: positiveDecimal,
  startAt: timeMs,
  closeAt: timeMs,
  announceAt: timeMs,
  listingAt: timeMs,
  reason,
})
export type ProjectInput = v.InferOutput<typeof projectInputSchema>
export const projectEditSchema = v.object({ id: idString, ...projectInputSchema.entries })

export interface EarnTotals {
  pools: { asset: string; balance: string; owed: string }[]
  staking: { asset: string; earning: string; orders: number; rewardsPaid: string }[]
  projects: (SubscriptionProject & { coinPrecision: number })[]
  products: StakingProduct[]
}

export type { ProjectState, RateKind }
export { PROJECT_STATES, RATE_KINDS }
