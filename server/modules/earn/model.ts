import type { MyCommitment, StakingOrder, StakingProduct, SubscriptionProject } from '@common/earn/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { mul, normalize } from '@common/money/decimal'
import type { Selectable } from 'kysely'
import type {
  StakingOrderTable,
  StakingProductTable,
  SubCommitmentTable,
  SubProjectTable,
} from '../../db/schema-earn'
import type { BalanceKey } from '../../ledger/ledger'

export type ProductRow = Selectable<StakingProductTable>
export type OrderRow = Selectable<StakingOrderTable>
export type ProjectRow = Selectable<SubProjectTable>
export type CommitmentRow = Selectable<SubCommitmentTable>

export const finance = (holder: string, asset: string): BalanceKey => ({ holder, account: 'finance', asset })
export const pool = (asset: string): BalanceKey => ({
  holder: SYSTEM_HOLDER,
  account: 'staking_rewards',
  asset,
})
export const issuer = (asset: string): BalanceKey => ({
  holder: SYSTEM_HOLDER,
  account: 'launch_issuer',
  asset,
})

const t = (d: Date | string) => new Date(d).getTime()
const n = (x: string | number) => normalize(String(x))

export function productToWire(p: ProductRow): StakingProduct {
  return {
    id: String(p.id),
    asset: p.asset,
    cycleDays: p.cycle_days,
    rate: n(p.rate),
    rateKind: p.rate_kind,
    apr: p.rate_kind === 'daily' ? mul(n(p.rate), '365') : n(p.rate),
    minAmount: n(p.min_amount),
    maxAmount: n(p.max_amount),
    quota: n(p.quota),
    staked: n(p.staked),
    earlyRedeem: p.early_redeem,
    status: p.status,
  }
}

export function orderToWire(o: OrderRow): StakingOrder {
  return {
    id: String(o.id),
    productId: String(o.product_id),
    asset: o.asset,
    amount: n(o.amount),
    cycleDays: o.cycle_days,
    rate: n(o.rate),
    rateKind: o.rate_kind,
    dailyReward: n(o.daily_reward),
    expectedReward: n(o.expected_reward),
    accrued: n(o.accrued),
    accruedDays: o.accrued_days,
    earlyRedeem: o.early_redeem,
    status: o.status,
    createdAt: t(o.start_at),
    endAt: t(o.end_at),
    closedAt: o.closed_at ? t(o.closed_at) : null,
  }
}

export function descriptionOf(d: unknown, chain: string[]): string {
  const m = (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, string> | null
  if (!m) return ''
  for (const l of chain) if (m[l]) return m[l] as string
  return Object.values(m)[0] ?? ''
}

export function projectToWire(p: ProjectRow, chain: string[]): SubscriptionProject {
  return {
    id: String(p.id),
    name: p.name,
    coin: p.coin,
    coinName: p.coin_name,
    description: descriptionOf(p.description, chain),
    currency: p.currency,
    price: n(p.price),
    supply: n(p.supply),
    minAmount: n(p.min_amount),
    maxAmount: n(p.max_amount),
    startAt: t(p.start_at),
    closeAt: t(p.close_at),
    announceAt: t(p.announce_at),
    listingAt: t(p.listing_at),
    state: p.state,
    paused: p.paused,
    committed: n(p.committed),
    participants: p.participants,
    allocated: p.allocated === null ? null : n(p.allocated),
    raised: p.raised === null ? null : n(p.raised),
  }
}

export function commitmentToWire(c: CommitmentRow): MyCommitment {
  return {
    amount: n(c.amount),
    coins: c.coins === null ? null : n(c.coins),
    paid: c.paid === null ? null : n(c.paid),
    refund: c.refund === null ? null : n(c.refund),
    settled: c.settled,
  }
}
