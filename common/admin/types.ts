import type { IdentityFilter } from './schema'

/**
 * The console's answers (staff, overview, identity review, users, ledger, markets, audit, deposit
 * and withdrawal queues, deposit channels): the wire types the server answers with and the app
 * reads (moved from the app's api.ts files).
 */

export interface StaffMe {
  id: string
  uid: number
  email: string | null
  nickname: string
  role: 'user' | 'operator' | 'admin'
  mustChangePassword: boolean
  googleBound: boolean
  ready: boolean
}
export interface Overview {
  identityPending: number
  frozenUsers: number
  suspendedMarkets: number
  depositsPending: number | null
  withdrawalsPending: number | null
  /** The continuous ledger check's last pass (null before the first). */
  ledgerCheck: {
    ok: boolean
    mode: 'full' | 'incremental'
    at: number
    entries: number
    problems: string[]
  } | null
}
export interface Photos {
  front: string | null
  back: string | null
  hand: string | null
}
export interface IdentityItem {
  userId: string
  uid: number
  email: string | null
  phone: string | null
  nationality: string
  realName: string
  idNumber: string
  status: IdentityFilter
  rejectReason: string | null
  basicAt: number | null
  submittedAt: number | null
  reviewedAt: number | null
  photos: Photos
}
export interface UserItem {
  id: string
  uid: number
  email: string | null
  phone: string | null
  nickname: string
  role: string
  status: 'active' | 'frozen'
  identity: IdentityFilter | null
  createdAt: number
}
export interface UserDetail {
  profile: {
    id: string
    uid: number
    role: string
    status: 'active' | 'frozen'
    email: string | null
    phone: string | null
    nickname: string
    googleBound: boolean
    googleVerify: boolean
    hasTradePassword: boolean
    createdAt: number
  }
  identity: {
    nationality: string
    realName: string
    idNumber: string
    status: IdentityFilter
    rejectReason: string | null
    submittedAt: number | null
    reviewedAt: number | null
    photos: Photos
  } | null
  balances: { account: string; asset: string; available: string; frozen: string }[]
  sessions: { id: string; ip: string; userAgent: string; createdAt: number; lastSeenAt: number }[]
}
export interface LedgerItem {
  id: number
  entryId: number
  account: string
  asset: string
  bucket: 'available' | 'frozen'
  amount: string
  balanceAfter: string
  reason: string
  memo: string
  refType: string | null
  refId: string | null
  actorId: string | null
  at: number
}
export interface MarketItem {
  symbol: string
  category: string
  name: string
  status: 'trading' | 'suspended'
  minAmount: string
  minNotional: string
  makerFee: string | null
  takerFee: string | null
}
export interface Markets {
  feesEditable: boolean
  marketMakers: boolean
  list: MarketItem[]
}
export interface AuditItem {
  id: number
  actorId: string
  actorEmail: string | null
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  reason: string
  ip: string
  at: number
}
export type DepositStatus = 'pending' | 'credited' | 'rejected'
export type WithdrawalStatus = 'pending' | 'success' | 'failed'
export interface QueueOwner {
  uid: number
  account: string
}
/** What every review-queue row has, deposit or withdrawal. */
export interface QueueItem {
  id: string
  userId: string
  user: QueueOwner | null
  coin: string
  chain: string
  address: string
  amount: string
  status: string
  rejectReason: string | null
  createdAt: number
  reviewedAt: number | null
}
export interface DepositItem extends QueueItem {
  creditedAmount: string | null
  voucher: string | null
  status: DepositStatus
}
export interface WithdrawalItem extends QueueItem {
  fee: string
  net: string
  status: WithdrawalStatus
  txHash: string | null
}
export interface DepositChannel {
  coin: string
  chain: string
  family: string
  address: string | null
  minAmount: string
  confirmations: number | null
  enabled: boolean
  updatedBy: string | null
  updatedAt: number | null
}
