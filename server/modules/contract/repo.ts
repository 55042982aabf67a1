import type {
  ClosedPosition,
  ContractFill,
  FundingPayment,
  FundingRound,
  InsuranceFund,
  InsuranceKind,
  Liquidation,
  PositionCloseReason,
} from '@common/contract/schema'
import { isNegative, normalize } from '@common/money/decimal'
import type { PublicTrade } from '@common/spot/schema'
import type { Selectable } from 'kysely'
import * as v from 'valibot'
import type { Db } from '../../db/db'
import { holderPostings } from '../../db/rows'
import type { Database } from '../../db/schema'
import { ms, type OrderRow } from './model'

/** Read queries of the contract area: newest first, paged by `before` (an id). */
export interface Page {
  symbol?: string
  before?: string
  limit: number
}

/** A page of a list: `before` (an id) and `limit` (1 to 100, `defaultLimit` when left out). */
export const pageSchemaOf = (defaultLimit: number) =>
  v.object({
    before: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'))),
    limit: v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.integer(),
        v.minValue(1),
        v.maxValue(100),
      ),
      defaultLimit,
    ),
  })

/** The tables a holder pages through: each has holder, symbol and a growing id. */
type HolderTable =
  | 'contract_order'
  | 'contract_fill'
  | 'contract_position_history'
  | 'contract_funding_payment'
  | 'contract_liquidation'

/** One page of a holder's rows in `table`, newest first, optionally of one symbol. */
async function holderPage<T extends HolderTable>(
  db: Db,
  table: T,
  holder: string,
  q: Page,
): Promise<Selectable<Database[T]>[]> {
  let s = db
    .selectFrom(table as HolderTable)
    .selectAll()
    .where('holder', '=', holder)
  if (q.symbol) s = s.where('symbol', '=', q.symbol)
  if (q.before) s = s.where('id', '<', q.before)
  return (await s.orderBy('id', 'desc').limit(q.limit).execute()) as Selectable<Database[T]>[]
}

export async function orderHistory(db: Db, holder: string, q: Page): Promise<OrderRow[]> {
  return holderPage(db, 'contract_order', holder, q)
}

export async function fillsOf(db: Db, holder: string, q: Page): Promise<ContractFill[]> {
  const rows = await holderPage(db, 'contract_fill', holder, q)
  return rows.map((r) => ({
    id: String(r.id),
    orderId: String(r.order_id),
    symbol: r.symbol,
    side: r.side,
    kind: r.kind,
    role: r.role,
    price: normalize(r.price),
    lots: normalize(r.lots),
    fee: normalize(r.fee),
    realizedPnl: normalize(r.realized_pnl),
    ts: ms(r.created_at),
  }))
}

export async function positionHistory(db: Db, holder: string, q: Page): Promise<ClosedPosition[]> {
  const rows = await holderPage(db, 'contract_position_history', holder, q)
  return rows.map((r) => ({
    id: String(r.id),
    symbol: r.symbol,
    side: r.side,
    maxLots: normalize(r.max_lots),
    avgOpenPrice: normalize(r.avg_open_price),
    avgClosePrice: normalize(r.avg_close_price),
    realizedPnl: normalize(r.realized_pnl),
    fee: normalize(r.fee),
    funding: normalize(r.funding),
    reason: r.reason as PositionCloseReason,
    openedAt: ms(r.opened_at),
    closedAt: ms(r.closed_at),
  }))
}

export async function fundingRounds(db: Db, symbol: string, q: { before?: string; limit: number }) {
  let s = db.selectFrom('contract_funding_round').selectAll().where('symbol', '=', symbol)
  if (q.before) s = s.where('id', '<', q.before)
  const rows = await s.orderBy('id', 'desc').limit(q.limit).execute()
  return rows.map(
    (r): FundingRound => ({
      id: String(r.id),
      symbol: r.symbol,
      rate: normalize(r.rate),
      markPrice: normalize(r.mark_price),
      ts: Number(r.ts),
    }),
  )
}

export async function fundingPaymentsOf(db: Db, holder: string, q: Page): Promise<FundingPayment[]> {
  const rows = await holderPage(db, 'contract_funding_payment', holder, q)
  return rows.map((r) => ({
    id: String(r.id),
    symbol: r.symbol,
    side: r.side,
    lots: normalize(r.lots),
    rate: normalize(r.rate),
    markPrice: normalize(r.mark_price),
    amount: normalize(r.amount),
    ts: ms(r.created_at),
  }))
}

export async function liquidationsOf(db: Db, holder: string, q: Page): Promise<Liquidation[]> {
  const rows = await holderPage(db, 'contract_liquidation', holder, q)
  return rows.map((r) => ({
    id: String(r.id),
    symbol: r.symbol,
    side: r.side,
    lots: normalize(r.lots),
    indexPrice: normalize(r.index_price),
    closePrice: normalize(r.close_price),
    loss: normalize(r.loss),
    insurancePaid: normalize(r.insurance_paid),
    ts: ms(r.created_at),
  }))
}

/** The insurance fund: its balance and its postings (each with the balance after it). */
export async function insuranceFund(db: Db, q: { before?: string; limit: number }): Promise<InsuranceFund> {
  const bal = await db
    .selectFrom('balance')
    .select('available')
    .where('holder', '=', 'system')
    .where('account', '=', 'insurance')
    .where('asset', '=', 'USDT')
    .executeTakeFirst()
  let s = holderPostings(db, 'system')
    .select(['p.id', 'p.amount', 'p.balance_after', 'e.reason', 'e.ref_type', 'e.created_at'])
    .where('p.account', '=', 'insurance')
    .where('p.asset', '=', 'USDT')
  if (q.before) s = s.where('p.id', '<', Number(q.before))
  const rows = await s.orderBy('p.id', 'desc').limit(q.limit).execute()
  return {
    asset: 'USDT',
    balance: normalize(bal?.available ?? '0'),
    list: rows.map((r) => ({
      id: String(r.id),
      ts: ms(r.created_at),
      change: normalize(r.amount),
      balance: normalize(r.balance_after),
      reason: r.reason,
      kind: insuranceKind(r.reason, r.ref_type, normalize(r.amount)),
    })),
    hasMore: rows.length === q.limit,
  }
}

/** The kind of an insurance-fund posting, from its entry's reason and reference type. */
export function insuranceKind(reason: string, refType: string | null, change: string): InsuranceKind {
  if (refType === 'insurance_seed') return 'seed'
  if (refType === 'liquidation_fee') return 'liquidation_fee'
  if (refType === 'insurance_takeover') return 'takeover'
  if (reason === 'contract_funding') return 'funding_dust'
  if (reason === 'adjustment') return 'adjustment'
  // A loss beyond a holder's balance (a liquidation, a close, a funding payment) paid by the fund.
  if ((reason === 'contract_liquidation' || reason === 'insurance') && isNegative(change)) return 'loss_cover'
  return 'other'
}

export async function recentContractTrades(db: Db, symbol: string, limit: number): Promise<PublicTrade[]> {
  const rows = await db
    .selectFrom('contract_fill')
    .select(['id', 'price', 'qty', 'book_side', 'created_at'])
    .where('symbol', '=', symbol)
    .where('role', '=', 'taker')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: String(r.id),
    price: normalize(r.price),
    amount: normalize(r.qty),
    side: r.book_side,
    ts: ms(r.created_at),
  }))
}
