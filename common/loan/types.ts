import type { IdentityState } from '../identity/gate'
import type { LoanOrder, LoanStatus } from './schema'

/**
 * The loan answers the schema file does not hold (what applying needs, the console's loans,
 * vouchers and book): the wire types the server answers with and the app reads (moved from the
 * app's api.ts files).
 */

export interface AdminLoan extends LoanOrder {
  user: { id: string; uid: number; email: string | null; phone: string | null; nickname: string }
}
export interface LoanDetail {
  order: LoanOrder
  proofs: { id: string; url: string }[]
  user: {
    id: string
    uid: number
    email: string | null
    phone: string | null
    nickname: string
    status: string
  }
  identity: { realName: string; nationality: string; advanced: string } | null
  balances: { account: string; asset: string; available: string; frozen: string }[]
  history: LoanOrder[]
}
export interface VoucherItem {
  id: string
  orderId: string
  coin: string
  amount: string
  status: string
  txHash: string | null
  voucherUrl: string | null
  chain: string | null
  address: string | null
  user: { uid: number; email: string | null; phone: string | null }
  at: number
}
export interface LoanBook {
  book: { coin: string; balance: string; loans: number; principal: string; outstanding: string }[]
  overdue: LoanOrder[]
  counts: Partial<Record<LoanStatus, number>>
  pendingVouchers: number
}
/** What applying needs of me: approved identity (always for the credit loan; all loans when required). */
export interface LoanMe {
  approvedRequired: boolean
  identity: IdentityState
}
