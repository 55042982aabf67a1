import { fundingRate } from '@common/contract/funding'
import { crossLiquidationPrice, riskRatePercent } from '@common/contract/liquidation'
import { maintenanceMargin, notionalOf, roePercent, unrealizedPnl } from '@common/contract/margin'
import type { ContractAccount, ContractInstrument, ContractPosition } from '@common/contract/schema'
import { add, div, mul, normalize, sub } from '@common/money/decimal'
import { type CInst, ms, type PositionRow } from './model'
import type { ContractState } from './state'

/** What the wire views read of the engine's state. */
export type WireSource = Pick<ContractState, 'inst' | 'position' | 'positionsOf' | 'mark' | 'premiumSamples'>

/** Other symbols' maintenance margin and unrealized PnL of a holder (cross margin). */
function others(svc: WireSource, holder: string, symbol: string): { mm: string; upnl: string } {
  let mm = '0'
  let upnl = '0'
  for (const p of svc.positionsOf(holder)) {
    if (p.symbol === symbol) continue
    const inst = svc.inst(p.symbol)
    const mark = svc.mark(p.symbol) ?? p.avg_price
    const qty = mul(p.lots, inst.lotSize)
    mm = add(mm, maintenanceMargin(inst.tiers, notionalOf(qty, mark)))
    upnl = add(upnl, unrealizedPnl(p.side, qty, p.avg_price, mark))
  }
  return { mm, upnl }
}

/** Estimated liquidation price of a holder on one symbol (both legs together), float-free. */
export function liquidationOf(svc: WireSource, holder: string, symbol: string, walletBalance: string) {
  const inst = svc.inst(symbol)
  const leg = (side: 'long' | 'short') => {
    const p = svc.position(holder, symbol, side)
    return p ? { qty: mul(p.lots, inst.lotSize), entry: p.avg_price } : null
  }
  const o = others(svc, holder, symbol)
  const long = leg('long')
  const short = leg('short')
  return crossLiquidationPrice({
    walletBalance,
    otherMm: o.mm,
    otherUpnl: o.upnl,
    long,
    short,
    tiers: inst.tiers,
    mark: svc.mark(symbol) ?? long?.entry ?? short?.entry ?? '0',
  })
}

/** The account summary (GET /contract/account) from the wallet and the in-memory positions. */
export function accountOf(
  svc: WireSource,
  holder: string,
  bal: { available: string; frozen: string },
): ContractAccount {
  let positionMargin = '0'
  let upnl = '0'
  let mm = '0'
  for (const p of svc.positionsOf(holder)) {
    const inst = svc.inst(p.symbol)
    const mark = svc.mark(p.symbol) ?? p.avg_price
    const qty = mul(p.lots, inst.lotSize)
    positionMargin = add(positionMargin, p.margin)
    upnl = add(upnl, unrealizedPnl(p.side, qty, p.avg_price, mark))
    mm = add(mm, maintenanceMargin(inst.tiers, notionalOf(qty, mark)))
  }
  const walletBalance = add(bal.available, bal.frozen)
  const equity = add(walletBalance, upnl)
  return {
    asset: 'USDT',
    equity,
    walletBalance,
    available: bal.available,
    orderMargin: sub(bal.frozen, positionMargin),
    positionMargin,
    unrealizedPnl: upnl,
    maintenanceMargin: div(mm, '1', 6, 'up'),
    riskRate: riskRatePercent(mm, equity),
  }
}

export function wirePositionBasic(svc: WireSource, p: PositionRow, walletBalance?: string): ContractPosition {
  const inst = svc.inst(p.symbol)
  const mark = svc.mark(p.symbol) ?? p.avg_price
  const qty = mul(p.lots, inst.lotSize)
  const upnl = unrealizedPnl(p.side, qty, p.avg_price, mark)
  const lp = walletBalance === undefined ? null : liquidationOf(svc, p.holder, p.symbol, walletBalance)
  let risk = '0'
  if (walletBalance !== undefined) {
    let mm = '0'
    let u = '0'
    for (const q of svc.positionsOf(p.holder)) {
      const i = svc.inst(q.symbol)
      const m = svc.mark(q.symbol) ?? q.avg_price
      const qq = mul(q.lots, i.lotSize)
      mm = add(mm, maintenanceMargin(i.tiers, notionalOf(qq, m)))
      u = add(u, unrealizedPnl(q.side, qq, q.avg_price, m))
    }
    risk = riskRatePercent(mm, add(walletBalance, u))
  }
  return {
    symbol: p.symbol,
    side: p.side,
    lots: normalize(p.lots),
    lotSize: inst.lotSize,
    qty,
    avgOpenPrice: div(p.avg_price, '1', inst.pp + 4, 'half-up'),
    markPrice: mark,
    liquidationPrice: lp ? div(lp.price, '1', inst.pp, 'half-up') : null,
    margin: normalize(p.margin),
    leverage: p.leverage,
    fee: normalize(p.fee),
    unrealizedPnl: div(upnl, '1', 6, 'half-up'),
    pnlPercent: roePercent(upnl, p.margin),
    settledIncome: add(p.realized_pnl, p.funding),
    riskRate: risk,
    fundingRate: fundingRate(svc.premiumSamples(p.symbol), inst.rawTiers[0]?.mmr ?? '0.004'),
    tp: p.tp === null ? null : normalize(p.tp),
    sl: p.sl === null ? null : normalize(p.sl),
    openedAt: ms(p.opened_at),
    updatedAt: ms(p.updated_at),
  }
}

/** An instrument as GET /contract/instruments and the console show it. */
export function instrumentToWire(i: CInst, status: string): ContractInstrument {
  return {
    symbol: i.symbol,
    base: i.base,
    quote: 'USDT',
    name: i.name,
    status: i.trading && status === 'trading' ? 'trading' : 'suspended',
    pricePrecision: i.pp,
    lotSize: i.lotSize,
    maxLeverage: i.maxLeverage,
    makerFee: i.makerFee,
    takerFee: i.takerFee,
    liquidationFee: i.liquidationFee,
    priceProtection: i.protection,
    tiers: i.rawTiers,
  }
}
