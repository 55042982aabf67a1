import {
  calcLiquidationPrice,
  calcPnl,
  calcRequiredMargin,
  calcTargetPrice,
} from '@common/contract/calculator'
import { tiersWithCum } from '@common/contract/margin'
import type { ContractInstrument, ContractSide } from '@common/contract/schema'
import { gt, mul } from '@common/money/decimal'
import { USDT_DP } from './ticket'

export type CalcTab = 'pnl' | 'target' | 'liquidation' | 'margin'

export interface CalcInput {
  side: ContractSide
  leverage: number
  lots: string
  entry: string
  exit: string
  roe: string
  balance: string
}

export type CalcResult =
  | { kind: 'pnl'; margin: string; pnl: string; roe: string }
  | { kind: 'target'; price: string }
  | { kind: 'liquidation'; price: string | null }
  | { kind: 'margin'; margin: string }

const POSITIVE = /^\d+(\.\d+)?$/
const SIGNED = /^-?\d+(\.\d+)?$/
const LOTS = /^[1-9]\d{0,8}$/

/**
 * One calculator tab from the form's text fields, through the shared calculator functions
 * (common/contract/calculator, the ones settlement uses). null while a needed field is not valid.
 */
export function calculate(tab: CalcTab, inst: ContractInstrument, x: CalcInput): CalcResult | null {
  const ok = (s: string) => POSITIVE.test(s) && gt(s, '0')
  const pdp = inst.pricePrecision
  if (!ok(x.entry)) return null
  if (tab === 'target') {
    if (!SIGNED.test(x.roe)) return null
    return {
      kind: 'target',
      price: calcTargetPrice({ side: x.side, entry: x.entry, roePercent: x.roe, leverage: x.leverage, pdp }),
    }
  }
  if (!LOTS.test(x.lots)) return null
  const qty = mul(x.lots, inst.lotSize)
  if (tab === 'margin')
    return { kind: 'margin', margin: calcRequiredMargin(qty, x.entry, x.leverage, USDT_DP) }
  if (tab === 'pnl') {
    if (!ok(x.exit)) return null
    const r = calcPnl({ side: x.side, qty, entry: x.entry, exit: x.exit, leverage: x.leverage, dp: USDT_DP })
    return { kind: 'pnl', margin: r.initialMargin, pnl: r.pnl, roe: r.roe }
  }
  if (!ok(x.balance) || inst.tiers.length === 0) return null
  return {
    kind: 'liquidation',
    price: calcLiquidationPrice({
      side: x.side,
      qty,
      entry: x.entry,
      walletBalance: x.balance,
      tiers: tiersWithCum(inst.tiers),
      pdp,
    }),
  }
}
