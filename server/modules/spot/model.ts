import { type Bucket, SYSTEM_HOLDER } from '@common/ledger/accounts'
import type { DecimalString } from '@common/money/decimal'
import type { PublicTrade, TimeInForce } from '@common/spot/schema'
import type { ConditionalType, Direction } from '@common/spot/triggers'
import type { BalanceKey, LedgerBatch, Posting, Tx } from '../../ledger/ledger'
import type { PlaceInput } from '../../platform/ports/engines'
import type { OrderRow, TradeRow } from './repo'

/** Shared types of the spot engine: its instruments, its events and one pass of its pipeline. */

/** Market makers and other platform holders: no user row, never frozen by the console. */
export const isSystemHolder = (holder: string): boolean =>
  holder === SYSTEM_HOLDER || holder.startsWith('mm:')

/** A holder's spot balance of one asset. */
export const key = (holder: string, asset: string): BalanceKey => ({ holder, account: 'spot', asset })

/** The platform's fee balance of one asset. */
export const feesKey = (asset: string): BalanceKey => ({ holder: SYSTEM_HOLDER, account: 'fees', asset })

/** A posting on a holder's spot balance (one literal: spreads of keys cost the settlement ~2 %). */
export const spotPosting = (holder: string, asset: string, bucket: Bucket, amount: string): Posting => ({
  holder,
  account: 'spot',
  asset,
  bucket,
  amount,
})

/** A fee credited to the platform's fee balance. */
export const feePosting = (asset: string, amount: string): Posting => ({
  holder: SYSTEM_HOLDER,
  account: 'fees',
  asset,
  bucket: 'available',
  amount,
})

export interface Inst {
  symbol: string
  base: string
  quote: string
  category: string
  status: string
  pp: number
  ap: number
  qdp: number
  minAmount: string
  minNotional: string
  makerFee: string
  takerFee: string
}

/** What a transaction did, replayed to listeners after it commits. */
export interface Effects {
  books: Set<string>
  trades: Map<string, PublicTrade[]>
  orders: Map<string, OrderRow>
}

export const newEffects = (): Effects => ({ books: new Set(), trades: new Map(), orders: new Map() })

/** One transaction of the pipeline: its ledger batch and the rows it will write at the end. */
export interface Pass {
  trx: Tx
  ledger: LedgerBatch
  fx: Effects
  now: Date
  /** Order rows to insert (new) or update (existing), by id. */
  writes: Map<number, OrderRow>
  trades: Omit<TradeRow, 'id'>[]
}

/** A validated placement: everything but the book and the balances. */
export interface Prepared {
  holder: string
  inst: Inst
  input: PlaceInput
  price: string | null
  amount: string | null
  quoteAmount: string | null
  /** What the placement freezes; null for a market buy sized in base (priced on the book when placed). */
  lock: DecimalString | null
  priceU: number
  qtyU: number | null
  budgetU: number | null
  /** A limit order's time in force (a market order is immediate-or-cancel) and post-only flag. */
  tif: TimeInForce
  postOnly: boolean
  /** A conditional order being placed: it rests on its trigger instead of trading (triggers.ts). */
  cond?: Conditional
  /** A triggered conditional order entering the book: its row, whose funds are frozen already. */
  child?: OrderRow
}

/** What a conditional order waits for (common/spot/triggers.ts), in the market's ticks. */
export interface Conditional {
  type: ConditionalType
  dir: Direction
  /** Stop and take-profit: the trigger price (null: trailing stop). */
  triggerPrice: string | null
  triggerU: number | null
  callbackRate: number | null
  activationPrice: string | null
  activationU: number | null
}
