import type { ColumnType, Generated } from 'kysely'

/** Table types of staking and coin subscription (migration 017). Money columns numeric. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface StakingProductTable {
  id: Generated<string>
  asset: string
  cycle_days: number
  rate: string
  rate_kind: 'annual' | 'daily'
  min_amount: string
  max_amount: string
  quota: string
  /** Principal of the orders still earning. */
  staked: Generated<string>
  early_redeem: boolean
  status: Generated<'active' | 'paused'>
  sort: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface StakingOrderTable {
  id: Generated<string>
  user_id: string
  product_id: string
  asset: string
  amount: string
  cycle_days: number
  rate: string
  rate_kind: 'annual' | 'daily'
  daily_reward: string
  expected_reward: string
  accrued: Generated<string>
  accrued_days: Generated<number>
  early_redeem: boolean
  status: Generated<'earning' | 'completed' | 'redeemed'>
  start_at: Timestamp
  end_at: Timestamp
  closed_at: NullableTimestamp
}

export interface StakingRewardTable {
  order_id: string
  day: number
  amount: string
  created_at: Timestamp
}

export interface SubProjectTable {
  id: Generated<string>
  name: string
  coin: string
  coin_name: string
  coin_precision: number
  /** {lang: text}; the app shows its language or English. */
  description: unknown
  currency: string
  price: string
  supply: string
  min_amount: string
  max_amount: string
  start_at: Timestamp
  close_at: Timestamp
  announce_at: Timestamp
  listing_at: Timestamp
  state: Generated<'preheat' | 'open' | 'closed' | 'announced'>
  paused: Generated<boolean>
  committed: Generated<string>
  participants: Generated<number>
  allocated: string | null
  raised: string | null
  announced_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SubCommitmentTable {
  id: Generated<string>
  project_id: string
  user_id: string
  amount: string
  coins: string | null
  paid: string | null
  refund: string | null
  settled: Generated<boolean>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface EarnTables {
  staking_product: StakingProductTable
  staking_order: StakingOrderTable
  staking_reward: StakingRewardTable
  sub_project: SubProjectTable
  sub_commitment: SubCommitmentTable
}
