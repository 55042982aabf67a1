import type { Tier } from '@common/contract/margin'
import { tiersWithCum } from '@common/contract/margin'
import type { ContractOrder, ContractSide, MarginTier } from '@common/contract/schema'
import { SYSTEM_HOLDER } from '@common/ledger/accounts'
import { div, normalize } from '@common/money/decimal'
import type { Selectable } from 'kysely'
import type { Db } from '../../db/db'
import type { ContractFillTable, ContractOrderTable, ContractPositionTable } from '../../db/schema-contract'
import type { BalanceKey } from '../../ledger/ledger'

/** Shared types and small helpers of the contract module (no I/O beyond loading settings). */
export type OrderRow = Selectable<ContractOrderTable>
export type PositionRow = Selectable<ContractPositionTable>
export type FillRow = Omit<Selectable<ContractFillTable>, 'id'>
/** Who placed an order: a user, a market maker, or a rule (close all, reverse, TP/SL, liquidation). */
export type Source = OrderRow['source']

export const ASSET = 'USDT'
/** Money precision of USDT amounts (margins, fees, PnL), as the asset table has it. */
export const MONEY_DP = 6
export const FEES: BalanceKey = { holder: SYSTEM_HOLDER, account: 'fees', asset: ASSET }
export const INSURANCE: BalanceKey = { holder: SYSTEM_HOLDER, account: 'insurance', asset: ASSET }
export const CLEARING: BalanceKey = { holder: SYSTEM_HOLDER, account: 'contract_clearing', asset: ASSET }
export const TREASURY: BalanceKey = { holder: SYSTEM_HOLDER, account: 'treasury', asset: ASSET }
export const wallet = (holder: string): BalanceKey => ({ holder, account: 'contract', asset: ASSET })

/** Leverage of market makers' positions (their margin is frozen from a very large balance). */
export const MM_LEVERAGE = 10

/**
 * The risk protection fund's trading holder: it takes over what a liquidation's IOC order could
 * not close within its bounds, at the bankruptcy price, and closes it again within the
 * protection band (liquidate.ts). A house holder ('mm:' prefix): never liquidated, no fees.
 */
export const FUND_HOLDER = 'mm:insurance'

/** Settings of every perpetual (rows of the `setting` table; console: POST /admin/contract/settings). */
export const PROTECTION_KEY = 'contract.price_protection'
export const LIQUIDATION_FEE_KEY = 'contract.liquidation_fee'
/** Price protection band around the index for reduce-only market closes, TP/SL and liquidations. */
export const DEFAULT_PROTECTION = '0.02'
/** Liquidation clearance fee: this share of a liquidated position's value goes to the fund. */
export const DEFAULT_LIQUIDATION_FEE = '0.005'

export const isMarketMaker = (holder: string): boolean => holder.startsWith('mm:')

export interface CInst {
  symbol: string
  base: string
  name: string
  /** Instrument status (market service) and the contract switch (console). */
  trading: boolean
  pp: number
  lotSize: string
  maxLeverage: number
  tiers: Tier[]
  rawTiers: MarginTier[]
  makerFee: string
  takerFee: string
  /** Price protection band (fraction of the index). */
  protection: string
  /** Liquidation clearance fee rate. */
  liquidationFee: string
}

/** A rate setting: its JSON string value when it is a plain rate in [0, 1), else the fallback. */
function rateOf(v: unknown, fallback: string): string {
  const x = typeof v === 'string' ? v.replace(/^"|"$/g, '').trim() : typeof v === 'number' ? String(v) : ''
  return /^0(\.\d{1,8})?$/.test(x) ? normalize(x) : fallback
}

export async function loadInstruments(db: Db): Promise<CInst[]> {
  const rows = await db
    .selectFrom('contract_setting as c')
    .innerJoin('instrument as i', 'i.symbol', 'c.symbol')
    .select([
      'c.symbol',
      'i.base',
      'i.name',
      'i.status',
      'i.price_precision',
      'c.lot_size',
      'c.max_leverage',
      'c.tiers',
      'c.maker_fee',
      'c.taker_fee',
      'c.trading',
    ])
    .orderBy('i.sort')
    .execute()
  const settings = await db
    .selectFrom('setting')
    .select(['key', 'value'])
    .where('key', 'in', [PROTECTION_KEY, LIQUIDATION_FEE_KEY])
    .execute()
  const setting = (k: string) => settings.find((x) => x.key === k)?.value
  const protection = rateOf(setting(PROTECTION_KEY), DEFAULT_PROTECTION)
  const liquidationFee = rateOf(setting(LIQUIDATION_FEE_KEY), DEFAULT_LIQUIDATION_FEE)
  return rows.map((r) => {
    const raw = (typeof r.tiers === 'string' ? JSON.parse(r.tiers) : r.tiers) as MarginTier[]
    return {
      symbol: r.symbol,
      base: r.base,
      name: r.name,
      trading: r.trading && r.status === 'trading',
      pp: r.price_precision,
      lotSize: normalize(r.lot_size),
      maxLeverage: r.max_leverage,
      tiers: tiersWithCum(raw),
      rawTiers: raw,
      makerFee: normalize(r.maker_fee),
      takerFee: normalize(r.taker_fee),
      protection,
      liquidationFee,
    }
  })
}

export const posKey = (holder: string, symbol: string, side: ContractSide): string =>
  `${holder}|${symbol}|${side}`

/** Which book side an order takes: opening a long buys, closing it sells. */
export function bookSide(o: Pick<OrderRow, 'side' | 'kind'>): 'buy' | 'sell' {
  const buy = o.side === 'long'
  return o.kind === 'close' ? (buy ? 'sell' : 'buy') : buy ? 'buy' : 'sell'
}

const ms = (d: Date | string) => new Date(d).getTime()

export function orderToWire(o: OrderRow, pp: number): ContractOrder {
  const filled = Number(o.filled_lots)
  return {
    id: String(o.id),
    symbol: o.symbol,
    side: o.side,
    kind: o.kind === 'close' ? 'close' : 'open',
    type: o.type,
    source: o.source === 'mm' ? 'user' : o.source,
    price: o.price === null ? null : normalize(o.price),
    lots: normalize(o.lots),
    filledLots: normalize(o.filled_lots),
    avgPrice: filled > 0 ? avgPrice(o.filled_notional, o.filled_lots, pp) : null,
    leverage: o.leverage,
    margin: normalize(o.locked),
    fee: normalize(o.fee),
    realizedPnl: normalize(o.realized_pnl),
    status: o.status,
    createdAt: ms(o.created_at),
    updatedAt: ms(o.updated_at),
    clientOrderId: o.client_order_id,
  }
}

/** filled_notional is price x lots (not x lot size), so the average is a plain division. */
function avgPrice(notional: string, lots: string, pp: number): string {
  return Number(lots) === 0 ? '0' : div(notional, lots, pp, 'half-up')
}

export { ms }
