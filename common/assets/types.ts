import type { WalletAccount } from '../ledger/accounts'

/**
 * The assets area's answers (overview, balances, ledger, transfers, deposits, withdrawals, address
 * book, exchange): the wire types the server answers with and the app reads (moved from the app's
 * api.ts files).
 */

export interface Overview {
  totalUsdt: string
  display: { currency: string; rate: string | null; total: string | null }
  accounts: { account: WalletAccount; valueUsdt: string }[]
  coins: {
    coin: string
    available: string
    frozen: string
    total: string
    price: string | null
    valueUsdt: string | null
  }[]
  unpriced: string[]
}
export interface AccountBalances {
  account: WalletAccount
  totalUsdt: string
  list: {
    coin: string
    name: string
    precision: number
    available: string
    frozen: string
    /** What may leave the account now: in funding, the available part above what is owed on open loans. */
    transferable: string
    price: string | null
    valueUsdt: string | null
  }[]
}
export interface CoinDetail {
  coin: string
  precision: number
  price: string | null
  total: string
  valueUsdt: string | null
  accounts: { account: WalletAccount; available: string; frozen: string }[]
  canDeposit: boolean
  canWithdraw: boolean
  canExchange: boolean
}
export interface LedgerRow {
  id: number
  entryId: number
  reason: string
  account: WalletAccount
  coin: string
  bucket: 'available' | 'frozen'
  amount: string
  balanceAfter: string
  at: number
}
export interface TransferRow {
  id: string
  coin: string
  from: WalletAccount
  to: WalletAccount
  amount: string
  at: number
}
export interface ChainInfo {
  chain: string
  family: string
  fee: string
  minWithdraw: string
  depositOpen: boolean
}
export interface CoinChains {
  coin: string
  chains: ChainInfo[]
}
export interface DepositAddress {
  coin: string
  chain: string
  address: string
  qr: string
  minAmount: string
  confirmations: number
  /** A chain the server watches: deposits to this address are credited by themselves after `confirmations`. */
  watched?: boolean
}
/** A transfer seen on a watched chain, waiting for its confirmations. */
export interface PendingChainDeposit {
  txHash: string
  coin: string
  chain: string
  amount: string
  confirmations: number
  required: number
  seenAt: number
}
/** A deposit transfer the chain watcher saw, as the console lists it (pending or credited). */
export interface ChainTransfer {
  txHash: string
  logIndex: number
  coin: string
  amount: string
  address: string
  userId: string
}
/** The console's view of one watched chain (GET /api/admin/chains). */
export interface ChainOverview {
  chain: string
  confirmations: number
  /** The node's head and the watcher's persisted cursor (null before the first pass). */
  head: number | null
  cursor: number | null
  lag: number | null
  rpcErrors: number
  lastError: string | null
  lastErrorAt: number | null
  updatedAt: number | null
  /** Deposits by status (pending, credited, dropped...). */
  deposits: Record<string, number>
  pending: (ChainTransfer & { confirmations: number; seenAt: number })[]
  /** The last 20 credited. */
  credited: (ChainTransfer & { creditedAt: number | null })[]
  /** The hot wallet (null: none configured); its balances are null when the node cannot be read. */
  hotWallet: { address: string; balances: Record<string, string> | null } | null
  withdrawals: {
    id: string
    userId: string
    coin: string
    amount: string
    fee: string
    address: string
    status: 'approved' | 'queued' | 'signed' | 'broadcast' | 'confirmed'
    txHash: string | null
    createdAt: number
  }[]
  alerts: { id: string; kind: string; ref: string; detail: unknown; createdAt: number }[]
}
export interface DepositRow {
  id: string
  coin: string
  chain: string
  amount: string
  creditedAmount: string | null
  status: 'pending' | 'credited' | 'rejected'
  rejectReason: string | null
  at: number
}
export interface WithdrawInfo {
  coin: string
  precision: number
  withdrawable: string
  chains: { chain: string; family: string; fee: string; minWithdraw: string }[]
  addressBookOnly: boolean
  hasTradePassword: boolean
  needs: { google: boolean; sms: boolean; email: boolean }
}
export interface WithdrawRow {
  id: string
  coin: string
  chain: string
  address: string
  amount: string
  fee: string
  status: 'pending' | 'success' | 'failed'
  txHash: string | null
  rejectReason: string | null
  at: number
}
export interface BookEntry {
  id: string
  coin: string
  chain: string
  address: string
  remark: string
  at: number
}
export interface Quote {
  quoteId: string
  from: string
  to: string
  amount: string
  rate: string
  fee: string
  receive: string
  spread: string
  feeRate: string
  expiresAt: number
}
export interface ExchangeRow {
  id: string
  from: string
  to: string
  amount: string
  receive: string
  rate: string
  fee: string
  at: number
}
