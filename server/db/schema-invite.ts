import type { ColumnType, Generated } from 'kysely'

/** Table types of invitation, rebates and VIP tiers (migration 021). Money columns numeric. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** Rules operators can change: 'vip_tiers' (TierRule[]) and 'ranks' (RankRule[]), seeded by the migration. */
export interface InviteConfigTable {
  key: string
  value: unknown
  updated_at: Timestamp
}

/** A partner rank an operator granted (audited); the rank in force is the higher of it and the earned one. */
export interface InvitePartnerTable {
  user_id: string
  rank: string
  granted_by: string
  created_at: Timestamp
}

/** A user's VIP tier in force (from the daily snapshots). */
export interface VipStatusTable {
  user_id: string
  tier: string
  shortfall_days: number
  last_day: string | null
  updated_at: Timestamp
}

/** One user's daily snapshot of total assets (USDT at the index) and the tier it left in force. */
export interface VipSnapshotTable {
  user_id: string
  day: string
  assets: string
  tier: string
  shortfall_days: number
  created_at: Timestamp
}

/** A daily pass done ('vip' snapshots or 'rebate' payment) for a UTC+8 day: each day runs once. */
export interface InviteRunTable {
  kind: 'vip' | 'rebate'
  day: string
  done_at: Timestamp
}

/** One rebate of one fill's fee (per fill and role), paid with the day's ledger entry. */
export interface InviteRebateTable {
  id: Generated<string>
  day: string
  source: 'spot' | 'contract'
  fill_id: string
  role: 'maker' | 'taker'
  symbol: string
  inviter_id: string
  invitee_id: string
  asset: string
  fee: string
  share: string
  amount: string
  entry_id: string | null
  created_at: Timestamp
}

export interface InvitePrefTable {
  user_id: string
  hide_leaderboard: boolean
}

export interface InviteTables {
  invite_config: InviteConfigTable
  invite_partner: InvitePartnerTable
  vip_status: VipStatusTable
  vip_snapshot: VipSnapshotTable
  invite_run: InviteRunTable
  invite_rebate: InviteRebateTable
  invite_pref: InvitePrefTable
}
