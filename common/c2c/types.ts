import type { IdentityState } from '../identity/gate'
import type { C2cMessage, C2cOrder, C2cTrader, PaymentMethod } from './schema'

/**
 * The C2C answers the schema file does not hold (my trading state, the console's order detail and
 * merchants): the wire types the server answers with and the app reads (moved from the app's
 * api.ts files).
 */

export interface AdminOrderDetail {
  order: C2cOrder
  messages: C2cMessage[]
  people: {
    id: string
    uid: number
    email: string | null
    phone: string | null
    nickname: string
    real_name: string | null
  }[]
}
export interface MerchantRow {
  id: string
  uid: number
  email: string | null
  phone: string | null
  nickname: string
  createdAt: number | null
}
export interface C2cMe {
  /** May trade fiat: approved identity when `approvedRequired`, else basic details. */
  verified: boolean
  approvedRequired: boolean
  identity: IdentityState
  realName: string | null
  payments: PaymentMethod[]
  trader: C2cTrader | null
  cancelsToday: number
}
