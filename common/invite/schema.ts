import * as v from 'valibot'
import { pageQuerySchema } from '../validate/schemas'
import { boundedText, INT4_MAX, intIn, REASON_MAX } from '../validate/strict'
import { RANKS, type Rank, type RankRule, type TierOrNone, type TierRule, VIP_TIERS } from './rules'

/**
 * Invitation, rebates, VIP tiers and the leaderboard (issue 19): wire shapes shared by the
 * server and the app. Amounts are decimal strings, times epoch ms, days 'YYYY-MM-DD' in UTC+8.
 */

/** GET /api/invite/summary */
export interface InviteSummary {
  code: string
  rank: Rank
  /** Share of invitees' fees paid to this user. */
  share: string
  /** Invitees who traded in the last 30 days, and their volume (USDT). */
  active: number
  volume30d: string
  direct: number
  /** Invites of invites (second level). */
  second: number
  /** Rebates received, per asset. */
  earned: { asset: string; amount: string }[]
  invitees: { id: string; joinedAt: number }[]
  ranks: RankRule[]
}

/** One rebate (GET /api/invite/rebates): one fill's fee of one invitee. */
export interface RebateRecord {
  id: string
  day: string
  source: 'spot' | 'contract'
  symbol: string
  role: 'maker' | 'taker'
  /** The invitee's id, masked. */
  invitee: string
  asset: string
  fee: string
  share: string
  amount: string
  paidAt: number
}

export const rebatesQuerySchema = pageQuerySchema

/** GET /api/vip/status */
export interface VipStatus {
  tier: TierOrNone
  /** Total assets (USDT at the index) now, and at the last snapshot. */
  assets: string
  lastSnapshot: { day: string; assets: string } | null
  /** Days left before a shortfall cancels the tier's fee (null: no shortfall). */
  shortfallDaysLeft: number | null
  next: { tier: TierOrNone; minAssets: string; missing: string } | null
  feeFactor: string
  tiers: TierRule[]
  history: { day: string; assets: string; tier: TierOrNone }[]
  mining: { level: number; points: string; staked: string; volume30d: string }
}

export const LEADERBOARD_KINDS = ['volume7d', 'volume30d', 'inviters'] as const
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number]
export const leaderboardQuerySchema = v.object({
  kind: v.optional(v.picklist(LEADERBOARD_KINDS, 'invalid_kind'), 'volume7d'),
})
export interface LeaderboardRow {
  place: number
  name: string
  value: string
  me: boolean
}
export interface Leaderboard {
  kind: LeaderboardKind
  rows: LeaderboardRow[]
  hidden: boolean
}

/** POST /api/invite/prefs */
export const invitePrefsSchema = v.object({ hideLeaderboard: v.boolean('invalid_value') })

// ---- console ----
const userId = v.pipe(v.string('invalid_id'), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalid_id'))
const decimal = v.pipe(v.string('invalid_amount'), v.regex(/^\d{1,15}(\.\d{1,8})?$/, 'invalid_amount'))
const fraction = v.pipe(v.string('invalid_rate'), v.regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'invalid_rate'))

/** POST /api/admin/invite/partner: grant a partner rank (or 'ordinary' to withdraw it), audited. */
export const partnerGrantSchema = v.object({
  userId,
  rank: v.picklist(RANKS, 'invalid_rank'),
  reason: boundedText(REASON_MAX, 'invalid_reason', 1),
})

/** POST /api/admin/invite/config: the tiers' thresholds and fee factors, the ranks' rules and shares. */
export const inviteConfigSchema = v.object({
  tiers: v.pipe(
    v.array(
      v.object({ tier: v.picklist(VIP_TIERS, 'invalid_tier'), minAssets: decimal, feeFactor: fraction }),
    ),
    v.length(VIP_TIERS.length, 'invalid_tier'),
  ),
  ranks: v.pipe(
    v.array(
      v.object({
        rank: v.picklist(RANKS, 'invalid_rank'),
        minActive: intIn(0, INT4_MAX, 'invalid_value'),
        minVolume: decimal,
        share: fraction,
      }),
    ),
    v.length(RANKS.length, 'invalid_rank'),
  ),
})
export type InviteConfigInput = v.InferOutput<typeof inviteConfigSchema>
