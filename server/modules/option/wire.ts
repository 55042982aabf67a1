import { normalize } from '@common/money/decimal'
import { bandOf, profitOf } from '@common/option/rules'
import type { OptionOrder, OptionRound, OptionSetting } from '@common/option/schema'
import type { Selectable } from 'kysely'
import type { OptionOrderTable, OptionSettingTable } from '../../db/schema-option'
import type { RoundRow } from './round-repo'

const n = (x: string | null) => (x === null ? null : normalize(x))
const num = (x: string | number | null) => (x === null ? null : Number(x))

export function roundToWire(r: RoundRow): OptionRound {
  return {
    id: String(r.id),
    symbol: r.symbol,
    period: r.period as OptionRound['period'],
    cutoffAt: Number(r.cutoff_at) * 1000,
    startAt: Number(r.start_at) * 1000,
    deliveryAt: Number(r.delivery_at) * 1000,
    upRate: normalize(r.up_rate),
    downRate: normalize(r.down_rate),
    flatRate: normalize(r.flat_rate),
    bandRate: normalize(r.band_rate),
    feeRate: normalize(r.fee_rate),
    minAmount: normalize(r.min_amount),
    status: r.status,
    openPrice: n(r.open_price),
    openTickAt: num(r.open_tick_at),
    closePrice: n(r.close_price),
    closeTickAt: num(r.close_tick_at),
    band: n(r.band),
    result: r.result,
  }
}

/** An order joined with the prices and band rule of its round (repo.ts ordersOf). */
export type OrderJoinRow = Omit<Selectable<OptionOrderTable>, 'holder' | 'created_at' | 'settled_at'> &
  Pick<RoundRow, 'start_at' | 'delivery_at' | 'close_price' | 'band' | 'band_rate' | 'price_precision'> & {
    open_price: string | null
    // Generated timestamps select as Kysely column types, not as the Date the driver answers.
    created_at: Date | string
    settled_at: Date | string | null
  }

/** Waiting orders past their delivery second are shown as settling until the settlement lands. */
export function orderToWire(o: OrderJoinRow, now: number): OptionOrder {
  const deliveryAt = Number(o.delivery_at) * 1000
  const status = o.status === 'waiting' && now >= deliveryAt ? 'settling' : o.status
  return {
    id: String(o.id),
    roundId: String(o.round_id),
    symbol: o.symbol,
    period: o.period as OptionOrder['period'],
    type: o.type,
    amount: normalize(o.amount),
    fee: normalize(o.fee),
    rate: normalize(o.rate),
    expectedProfit: profitOf(normalize(o.amount), normalize(o.rate)),
    status,
    outcome: o.outcome,
    payout: n(o.payout),
    openPrice: n(o.open_price),
    closePrice: n(o.close_price),
    band:
      o.band !== null
        ? normalize(o.band)
        : o.open_price !== null
          ? bandOf(normalize(o.open_price), normalize(o.band_rate), o.price_precision)
          : null,
    createdAt: new Date(o.created_at).getTime(),
    startAt: Number(o.start_at) * 1000,
    deliveryAt,
    settledAt: o.settled_at ? new Date(o.settled_at).getTime() : null,
  }
}

export function settingToWire(r: Omit<Selectable<OptionSettingTable>, 'updated_at'>): OptionSetting {
  return {
    symbol: r.symbol,
    period: r.period as OptionSetting['period'],
    enabled: r.enabled,
    upRate: normalize(r.up_rate),
    downRate: normalize(r.down_rate),
    flatRate: normalize(r.flat_rate),
    band: normalize(r.band),
    feeRate: normalize(r.fee_rate),
    minAmount: normalize(r.min_amount),
    cutoff: r.cutoff,
  }
}
