import { isLiquidatable } from '@common/contract/liquidation'
import { feeOf, initialMargin, unrealizedPnl } from '@common/contract/margin'
import type { ContractSide, Liquidation } from '@common/contract/schema'
import { type PriceWindow, protectionWindow, tickSize, toTickInFavour } from '@common/market/tick'
import { add, div, gt, lte, max, min, mul, neg, normalize, sub } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import { move } from '../../ledger/ledger'
import type { ContractEngine } from './engine'
import { nextOrderId } from './engine-repo'
import {
  type CInst,
  FUND_HOLDER,
  INSURANCE,
  MM_LEVERAGE,
  MONEY_DP,
  type OrderRow,
  type PositionRow,
  wallet,
} from './model'
import { closeIn, newOrder, protectionOf } from './orders'
import { cancelIn, lockFor, type Pass, record } from './pass'
import { settleFill } from './settlement'
import type { ContractState } from './state'

/**
 * Liquidation (docs/products/perpetual.md, "Price protection" and "Risk protection fund"):
 *
 * 1. When the exact rule holds (margin balance <= maintenance margin) the holder's open contract
 *    orders are cancelled and each position goes to the book as an IOC limit order bounded by
 *    its bankruptcy price (the price at which the account's margin balance would reach zero, the
 *    other positions at their marks) and by the price protection band around the index,
 *    whichever is stricter, and never beyond the band's far edge (quotes of an old price).
 * 2. What the book cannot take within that bound is taken over by the risk protection fund at the
 *    bankruptcy price (the fund's trading holder FUND_HOLDER, funded from the insurance account
 *    through the ledger); the fund closes it later within the protection band (unwindFund), its
 *    gain or loss landing back in the insurance account.
 * 3. The liquidation clearance fee (instrument setting, default 0.5 % of the liquidated value)
 *    goes to the fund, from what is left of the balance only: no balance goes below zero.
 */

/** The bankruptcy price of one position now: where the account's margin balance would be zero. */
export function bankruptcyOf(eng: ContractState, pass: Pass, p: PositionRow): string {
  const inst = eng.inst(p.symbol)
  const bal = pass.ledger.balance(wallet(p.holder)) ?? { available: '0', frozen: '0' }
  let equity = add(bal.available, bal.frozen)
  for (const o of eng.positionsOf(p.holder)) {
    if (o.symbol === p.symbol && o.side === p.side) continue
    const i = eng.inst(o.symbol)
    equity = add(
      equity,
      unrealizedPnl(o.side, mul(o.lots, i.lotSize), o.avg_price, eng.mark(o.symbol) ?? o.avg_price),
    )
  }
  const qty = mul(p.lots, inst.lotSize)
  const d = div(equity, qty, inst.pp + 8, 'down')
  // On the tick, never worse for the holder than the exact price: a long sells up, a short buys down.
  if (p.side === 'long') {
    const exact = sub(p.avg_price, d)
    return lte(exact, '0') ? tickSize(inst.pp) : toTickInFavour('sell', exact, inst.pp)
  }
  return toTickInFavour('buy', add(p.avg_price, d), inst.pp)
}

/**
 * The window of a liquidation order: the band around the index, its worst edge the stricter of
 * the band's and the bankruptcy price.
 */
export function liquidationWindow(
  eng: ContractState,
  side: ContractSide,
  bankruptcy: string,
  symbol: string,
): PriceWindow {
  const band = protectionOf(eng, symbol, side)
  if (band === null) return { worst: bankruptcy, better: null }
  return {
    worst: side === 'long' ? max(bankruptcy, band.worst) : min(bankruptcy, band.worst),
    better: band.better,
  }
}

/**
 * The fund takes over `lots` of a liquidation order at `price`: a fee-free fill between the
 * holder's close order and a fund order, outside the book.
 */
async function takeover(
  eng: ContractEngine,
  pass: Pass,
  inst: CInst,
  order: OrderRow,
  lots: number,
  price: string,
): Promise<OrderRow> {
  const fund = wallet(FUND_HOLDER)
  await lockFor(eng, pass, [FUND_HOLDER])
  const need = initialMargin(mul(mul(String(lots), inst.lotSize), price), MM_LEVERAGE, MONEY_DP)
  const have = pass.ledger.balance(fund)?.available ?? '0'
  if (gt(need, have))
    pass.ledger.post({
      reason: 'insurance',
      refType: 'insurance_takeover',
      refId: String(order.id),
      memo: `takeover of a liquidation of ${order.holder}: margin for the fund's position`,
      postings: move(INSURANCE, fund, sub(need, have)),
    })
  const id = await nextOrderId(pass.trx)
  // The fund buys what a long sells, sells what a short buys: a 'net' order of the same side.
  const base = newOrder(
    eng,
    pass,
    id,
    FUND_HOLDER,
    inst.symbol,
    order.side,
    'net',
    'limit',
    price,
    lots,
    MM_LEVERAGE,
    '0',
    'liquidation',
  )
  const f = settleFill(
    eng,
    pass,
    inst,
    { ...base, maker_fee_rate: '0', taker_fee_rate: '0' },
    'maker',
    lots,
    price,
  )
  f.status = 'filled'
  record(eng, pass, f)
  const t = settleFill(eng, pass, inst, order, 'taker', lots, price)
  t.status = Number(t.filled_lots) === Number(t.lots) ? 'filled' : 'cancelled'
  record(eng, pass, t)
  return t
}

/**
 * Liquidates a holder if the exact rule holds (margin balance <= maintenance margin): cancels
 * their open contract orders, closes every position (IOC within its bound, the rest taken over by
 * the fund), charges the clearance fee, and writes a liquidation row per position with the index
 * price that triggered it. Returns whether it happened.
 */
export async function liquidateAccount(eng: ContractEngine, holder: string): Promise<boolean> {
  return eng.exclusive(() =>
    eng.transact(async (pass) => {
      await lockFor(eng, pass, [holder])
      const bal = pass.ledger.balance(wallet(holder)) ?? { available: '0', frozen: '0' }
      const r = eng.riskOf(holder, add(bal.available, bal.frozen))
      if (!r || !isLiquidatable(r.marginBalance, r.maintenance)) return false
      // Never on an old price: while any of the holder's indexes is stale, the liquidation waits.
      if (eng.positionsOf(holder).some((p) => eng.indexStale(p.symbol))) return false
      for (const o of eng.openOrdersOf(holder)) cancelIn(eng, pass, o)
      for (const p of eng.positionsOf(holder)) {
        const inst = eng.inst(p.symbol)
        const index = eng.mark(p.symbol) ?? p.avg_price
        const before = pass.insurance.get(holder) ?? '0'
        const bankruptcy = bankruptcyOf(eng, pass, p)
        const window = liquidationWindow(eng, p.side, bankruptcy, p.symbol)
        let o = await closeIn(eng, pass, holder, p.symbol, p.side, { window }, 'liquidation')
        const rest = Number(o.lots) - Number(o.filled_lots)
        if (rest > 0) o = await takeover(eng, pass, inst, o, rest, bankruptcy)
        const paid = sub(pass.insurance.get(holder) ?? '0', before)
        const filled = Number(o.filled_lots)
        if (filled === 0) continue
        // The clearance fee, from what is left (never below zero).
        const w = wallet(holder)
        const due = feeOf(mul(o.filled_notional, inst.lotSize), inst.liquidationFee, MONEY_DP)
        const fee = min(due, pass.ledger.balance(w)?.available ?? '0')
        if (gt(fee, '0'))
          pass.ledger.post({
            reason: 'contract_liquidation',
            refType: 'liquidation_fee',
            refId: String(o.id),
            memo: `liquidation clearance fee ${inst.liquidationFee} of ${normalize(mul(o.filled_notional, inst.lotSize))}`,
            postings: move(w, INSURANCE, fee),
          })
        const closePrice = div(o.filled_notional, o.filled_lots, inst.pp, 'half-up')
        const row = {
          holder,
          symbol: p.symbol,
          side: p.side,
          lots: String(filled),
          index_price: index,
          close_price: closePrice,
          loss: add(neg(o.realized_pnl), fee),
          insurance_paid: paid,
        }
        const ins = await pass.trx
          .insertInto('contract_liquidation')
          .values({ ...row, created_at: pass.now })
          .returning('id')
          .executeTakeFirstOrThrow()
        const wire: Liquidation = {
          id: String(ins.id),
          symbol: p.symbol,
          side: p.side,
          lots: String(filled),
          indexPrice: index,
          closePrice,
          loss: normalize(row.loss),
          insurancePaid: paid,
          ts: pass.now.getTime(),
        }
        pass.messages.push([holder, { liquidation: wire }])
      }
      return true
    }),
  )
}

/**
 * The fund closes what it took over, within the protection band around the index (fee-free
 * market orders against the book); once it holds nothing, its trading balance goes back to the
 * insurance account. Returns how many positions it reduced.
 */
export async function unwindFund(eng: ContractEngine, symbol: string): Promise<number> {
  const inst = eng.insts.get(symbol)
  if (!inst) return 0
  return eng.exclusive(async () => {
    let n = 0
    for (const side of ['long', 'short'] as const) {
      const p = eng.position(FUND_HOLDER, symbol, side)
      const index = eng.mark(symbol)
      if (!p || !index || eng.indexStale(symbol)) continue
      const bookSide = side === 'long' ? 'sell' : 'buy'
      const window = protectionWindow(bookSide, index, inst.protection, inst.pp)
      const lots = Number(p.lots)
      const better = window.better ? toUnits(window.better, inst.pp) : null
      const meets = eng
        .book(symbol)
        .preview(bookSide, toUnits(window.worst, inst.pp), lots, null, FUND_HOLDER, better)
      if (meets.length === 0) continue
      await eng.transact(async (pass) => {
        await lockFor(eng, pass, [FUND_HOLDER])
        const id = await nextOrderId(pass.trx)
        const o = newOrder(
          eng,
          pass,
          id,
          FUND_HOLDER,
          symbol,
          side === 'long' ? 'short' : 'long',
          'net',
          'market',
          null,
          lots,
          MM_LEVERAGE,
          '0',
          'liquidation',
        )
        await eng.execute(pass, { ...o, maker_fee_rate: '0', taker_fee_rate: '0' }, window)
        returnFundBalance(eng, pass)
      })
      n++
    }
    return n
  })
}

/** With no position left, the fund's trading balance goes back to the insurance account. */
function returnFundBalance(eng: ContractState, pass: Pass): void {
  if (eng.positionsOf(FUND_HOLDER).length > 0) return
  const b = pass.ledger.balance(wallet(FUND_HOLDER))
  if (!b || !gt(b.available, '0')) return
  pass.ledger.post({
    reason: 'insurance',
    refType: 'insurance_takeover',
    refId: FUND_HOLDER,
    memo: 'positions taken over are closed: the balance returns to the fund',
    postings: move(wallet(FUND_HOLDER), INSURANCE, b.available),
  })
}
