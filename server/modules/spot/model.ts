import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import type { DecimalString } from '@common/money/decimal'
import type { PublicTrade } from '@common/spot/schema'
import type { BalanceKey, LedgerBatch, Tx } from '../../ledger/ledger'
import type { PlaceInput } from '../../platform/ports/engines'
import type { OrderRow, TradeRow } from './repo'

/** Shared types of the spot engine: its instruments, its events and one pass of its pipeline. */

/** Market makers and other platform holders: no user row, never frozen by the console. */
export const isSystemHolder = (holder: string): boolean =>
  holder === SYSTEM_HOLDER || holder.startsWith('mm:')

export const FEES = { holder: SYSTEM_HOLDER, account: 'fees' }

/** A holder's spot balance of one asset. */
export const key = (holder: string, asset: string): BalanceKey => ({ holder, account: 'spot', asset })

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
  lock: DecimalString
  priceU: number
  qtyU: number | null
  budgetU: number | null
}
