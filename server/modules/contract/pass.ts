import type { ContractUserMessage } from '@common/contract/schema'
import type { PriceWindow } from '@common/market/tick'
import { type DecimalString, gt, isZero } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import type { PublicTrade } from '@common/spot/schema'
import type { Selectable } from 'kysely'
import type { ContractPositionHistoryTable } from '../../db/schema-contract'
import { type BalanceKey, LedgerBatch, type Posting, type Tx, unfreeze } from '../../ledger/ledger'
import { bookSide, CLEARING, FEES, type FillRow, INSURANCE, type OrderRow, wallet } from './model'
import type { ContractState } from './state'

/** A closed position's history row as the pass writes it (the database sets id and closed_at). */
export type HistoryRow = Omit<Selectable<ContractPositionHistoryTable>, 'id' | 'closed_at'>

/** One transaction of the contract pipeline and what it will write and announce. */
export interface Pass {
  trx: Tx
  ledger: LedgerBatch
  now: Date
  orders: Map<string, OrderRow>
  fills: FillRow[]
  positions: Set<string>
  history: HistoryRow[]
  books: Set<string>
  holders: Set<string>
  /** Insurance paid for a holder's losses in this pass (liquidation rows read it). */
  insurance: Map<string, DecimalString>
  messages: [string, ContractUserMessage][]
  /** Resting orders the order being executed is filling (they must stay on record meanwhile). */
  makers: Set<number>
  /** Public trades of the pass, filled in when the fills are written. */
  trades: Map<string, PublicTrade[]>
}

/**
 * The steps every use case takes inside its pass, as functions of the state and the pass: they
 * change the in-memory state and record what the pass will write (write.ts) and announce.
 */

export function newPass(trx: Tx): Pass {
  return {
    trx,
    ledger: new LedgerBatch(trx),
    now: new Date(),
    orders: new Map(),
    fills: [],
    positions: new Set(),
    history: [],
    books: new Set(),
    holders: new Set(),
    insurance: new Map(),
    messages: [],
    trades: new Map(),
    makers: new Set(),
  }
}

/**
 * Locks the system balances, the holders' wallets and those of the makers `order` would meet
 * (a market order within `window`, its protection price, when given).
 */
export async function lockFor(
  st: ContractState,
  pass: Pass,
  holders: string[],
  order?: OrderRow,
  window?: PriceWindow | null,
): Promise<void> {
  const keys: BalanceKey[] = [FEES, INSURANCE, CLEARING, ...holders.map(wallet)]
  if (order) {
    const inst = st.inst(order.symbol)
    const b = st.book(order.symbol)
    const lots = Number(order.lots) - Number(order.filled_lots)
    const limit =
      order.type === 'limit'
        ? toUnits(order.price as string, inst.pp)
        : window
          ? toUnits(window.worst, inst.pp)
          : null
    const better = order.type === 'market' && window?.better ? toUnits(window.better, inst.pp) : null
    const ids = b.preview(bookSide(order), limit, lots, null, order.holder, better)
    for (const id of ids) {
      const m = st.open.get(id)
      if (m) keys.push(wallet(m.holder))
    }
  }
  await pass.ledger.lock(keys)
}

/** One ledger entry of an order (nothing when every amount is zero). */
export function post(
  pass: Pass,
  reason: Parameters<LedgerBatch['post']>[0]['reason'],
  ref: string,
  postings: Posting[],
): void {
  if (postings.every((p) => isZero(p.amount))) return
  pass.ledger.post({ reason, refType: 'contract_order', refId: ref, postings })
}

/** An order row the pass will write; resting limit orders stay in the open set. */
export function record(st: ContractState, pass: Pass, o: OrderRow): void {
  pass.orders.set(String(o.id), o)
  if (o.status === 'open' || o.status === 'partial') {
    if (o.type === 'limit') st.open.set(Number(o.id), o)
  } else st.open.delete(Number(o.id))
}

/** Cancels a resting order and releases what it still holds. */
export function cancelIn(st: ContractState, pass: Pass, o: OrderRow): OrderRow {
  st.book(o.symbol).cancel(Number(o.id))
  pass.books.add(o.symbol)
  if (gt(o.locked, '0')) post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
  const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
  record(st, pass, row)
  pass.holders.add(o.holder)
  return row
}

/** Returns what an order still holds to the available bucket. */
export function release(pass: Pass, o: OrderRow): void {
  if (gt(o.locked, '0')) post(pass, 'contract_margin', String(o.id), unfreeze(wallet(o.holder), o.locked))
  o.locked = '0'
}
