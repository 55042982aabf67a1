import { averageEntry, feeOf, initialMargin, settledPnl } from '@common/contract/margin'
import type { ContractSide } from '@common/contract/schema'
import {
  add,
  type DecimalString,
  div,
  gt,
  isNegative,
  isZero,
  min,
  mul,
  neg,
  sub,
} from '@common/money/decimal'
import { type BalanceKey, move, type Posting, unfreeze } from '../../ledger/ledger'
import {
  bookSide,
  type CInst,
  CLEARING,
  FEES,
  INSURANCE,
  MONEY_DP,
  type OrderRow,
  type PositionRow,
  posKey,
  wallet,
} from './model'
import { cancelIn, type Pass, post } from './pass'
import type { ContractState } from './state'

/**
 * Settlement of fills (see ContractEngine's header for the money rules), as functions of the
 * engine's state and the pass: opening adds to a position at the averaged entry with margin from
 * the order's reserve; closing releases margin, settles PnL against contract_clearing and pays the
 * fee; charge() takes money cross-margin style, with the insurance fund behind a loss.
 */

/** One side of one fill: positions, margin, fee, realized PnL; returns the updated order. */
export function settleFill(
  st: ContractState,
  pass: Pass,
  inst: CInst,
  order: OrderRow,
  role: 'maker' | 'taker',
  lots: number,
  price: DecimalString,
): OrderRow {
  const o: OrderRow = { ...order, updated_at: pass.now }
  const rate = role === 'maker' ? o.maker_fee_rate : o.taker_fee_rate
  let closing = 0
  let openLots = lots
  if (o.kind === 'close') {
    closing = lots
    openLots = 0
  } else if (o.kind === 'net') {
    // Market makers: a buy first reduces their short, a sell their long.
    const opposite: ContractSide = o.side === 'long' ? 'short' : 'long'
    closing = Math.min(lots, Number(st.position(o.holder, o.symbol, opposite)?.lots ?? 0))
    openLots = lots - closing
  }
  const ref = String(o.id)
  let fee = '0'
  let pnl = '0'
  if (closing > 0) {
    const side: ContractSide = o.kind === 'net' ? (o.side === 'long' ? 'short' : 'long') : o.side
    const r = closeLots(st, pass, inst, o.holder, side, closing, price, rate, ref, o.source)
    fee = add(fee, r.fee)
    pnl = add(pnl, r.pnl)
    fill(pass, inst, o, role, side, 'close', closing, price, r.fee, r.pnl)
  }
  if (openLots > 0) {
    const notional = mul(mul(String(openLots), inst.lotSize), price)
    const f = feeOf(notional, rate, MONEY_DP)
    let margin = initialMargin(notional, o.leverage, MONEY_DP)
    if (o.kind === 'net') {
      // Market makers freeze nothing at placement: margin and fee come from available.
      post(
        pass,
        'contract_margin',
        ref,
        move(wallet(o.holder), { ...wallet(o.holder), bucket: 'frozen' }, margin),
      )
      post(pass, 'contract_fee', ref, move(wallet(o.holder), FEES, f))
    } else {
      // Per-fill rounding may ask a millionth more than was frozen: the margin gives way.
      if (gt(add(margin, f), o.locked)) margin = sub(o.locked, f)
      o.locked = sub(o.locked, add(margin, f))
      post(pass, 'contract_fee', ref, move({ ...wallet(o.holder), bucket: 'frozen' }, FEES, f))
    }
    addToPosition(st, pass, inst, o.holder, o.side, openLots, price, margin, f, o.leverage)
    fee = add(fee, f)
    fill(pass, inst, o, role, o.side, 'open', openLots, price, f, '0')
  }
  o.filled_lots = String(Number(o.filled_lots) + lots)
  o.filled_notional = add(o.filled_notional, mul(String(lots), price))
  o.fee = add(o.fee, fee)
  o.realized_pnl = add(o.realized_pnl, pnl)
  pass.holders.add(o.holder)
  return o
}

export function fill(
  pass: Pass,
  inst: CInst,
  o: OrderRow,
  role: 'maker' | 'taker',
  side: ContractSide,
  kind: 'open' | 'close',
  lots: number,
  price: string,
  fee: string,
  pnl: string,
): void {
  pass.fills.push({
    order_id: String(o.id),
    holder: o.holder,
    symbol: o.symbol,
    side,
    kind,
    role,
    book_side: bookSide(o),
    price,
    lots: String(lots),
    qty: mul(String(lots), inst.lotSize),
    fee,
    realized_pnl: pnl,
    created_at: pass.now,
  })
}

export function addToPosition(
  st: ContractState,
  pass: Pass,
  inst: CInst,
  holder: string,
  side: ContractSide,
  lots: number,
  price: string,
  margin: string,
  fee: string,
  leverage: number,
): void {
  const k = posKey(holder, inst.symbol, side)
  const p = st.positions.get(k)
  const next: PositionRow = p
    ? {
        ...p,
        avg_price: averageEntry(p.lots, p.avg_price, String(lots), price, inst.pp + 4),
        lots: String(Number(p.lots) + lots),
        max_lots: String(Math.max(Number(p.max_lots), Number(p.lots) + lots)),
        margin: add(p.margin, margin),
        fee: add(p.fee, fee),
        leverage,
        updated_at: pass.now,
      }
    : {
        holder,
        symbol: inst.symbol,
        side,
        lots: String(lots),
        max_lots: String(lots),
        avg_price: price,
        margin,
        leverage,
        fee,
        realized_pnl: '0',
        funding: '0',
        closed_lots: '0',
        closed_notional: '0',
        tp: null,
        sl: null,
        opened_at: pass.now,
        updated_at: pass.now,
      }
  st.positions.set(k, next)
  pass.positions.add(k)
}

/** Reduces a position by `lots` at `price`: margin back, PnL settled, fee paid. */
export function closeLots(
  st: ContractState,
  pass: Pass,
  inst: CInst,
  holder: string,
  side: ContractSide,
  lots: number,
  price: string,
  rate: string,
  ref: string,
  source: string,
): { pnl: string; fee: string } {
  const k = posKey(holder, inst.symbol, side)
  const p = st.positions.get(k)
  if (!p || Number(p.lots) < lots) throw new Error(`close of ${lots} lots beyond position ${k}`)
  const qty = mul(String(lots), inst.lotSize)
  const pnl = settledPnl(side, qty, p.avg_price, price, MONEY_DP)
  const all = Number(p.lots) === lots
  const release = all ? p.margin : div(mul(p.margin, String(lots)), p.lots, MONEY_DP, 'down')
  const w = wallet(holder)
  post(pass, 'contract_margin', ref, unfreeze(w, release))
  let next: PositionRow = {
    ...p,
    lots: String(Number(p.lots) - lots),
    margin: sub(p.margin, release),
    realized_pnl: add(p.realized_pnl, pnl),
    closed_lots: add(p.closed_lots, String(lots)),
    closed_notional: add(p.closed_notional, mul(String(lots), price)),
    updated_at: pass.now,
  }
  st.positions.set(k, next)
  // A liquidated position's PnL (and the insurance fund's cover of it) shows as such in the bills.
  const reason = source === 'liquidation' ? 'contract_liquidation' : 'contract_settlement'
  if (isNegative(pnl)) charge(st, pass, holder, neg(pnl), CLEARING, reason, ref, true)
  else if (!isZero(pnl)) post(pass, reason, ref, move(CLEARING, w, pnl))
  const fee = charge(
    st,
    pass,
    holder,
    feeOf(mul(qty, price), rate, MONEY_DP),
    FEES,
    'contract_fee',
    ref,
    false,
  )
  next = { ...(st.positions.get(k) as PositionRow), fee: add(next.fee, fee) }
  pass.positions.add(k)
  if (Number(next.lots) === 0) {
    // Closed: into the history; its resting close orders and TP/SL go with it.
    st.positions.delete(k)
    pass.history.push({
      holder,
      symbol: inst.symbol,
      side,
      max_lots: next.max_lots,
      avg_open_price: next.avg_price,
      avg_close_price: div(next.closed_notional, next.closed_lots, inst.pp + 4, 'half-up'),
      realized_pnl: next.realized_pnl,
      fee: next.fee,
      funding: next.funding,
      reason: source === 'user' || source === 'mm' ? 'close' : source,
      opened_at: new Date(next.opened_at),
    })
    if (gt(next.margin, '0')) post(pass, 'contract_margin', ref, unfreeze(w, next.margin))
    for (const o of st.openOrdersOf(holder, inst.symbol))
      if (o.side === side && o.kind === 'close') cancelIn(st, pass, o)
  } else st.positions.set(k, next)
  return { pnl, fee }
}

/**
 * Takes `amount` from a holder's contract account for `to`: available first, then the margin of
 * the holder's positions (cross margin). With `insured` (a loss: it must reach its counterparty),
 * the holder's open orders are then cancelled for their reserves, and what is still missing is paid
 * by the insurance fund; without, the rest is waived (a fee the balance cannot pay).
 * Returns what the holder paid.
 */
export function charge(
  st: ContractState,
  pass: Pass,
  holder: string,
  amount: DecimalString,
  to: BalanceKey,
  reason: 'contract_settlement' | 'contract_liquidation' | 'contract_fee' | 'contract_funding',
  ref: string,
  insured: boolean,
): DecimalString {
  if (!gt(amount, '0')) return '0'
  const w = wallet(holder)
  const bal = pass.ledger.balance(w) ?? { available: '0', frozen: '0' }
  const fromAvailable = min(amount, bal.available)
  const postings: Posting[] = []
  if (gt(fromAvailable, '0')) postings.push(...move(w, to, fromAvailable))
  let left = sub(amount, fromAvailable)
  for (const p of st.positionsOf(holder)) {
    if (!gt(left, '0')) break
    const take = min(left, p.margin)
    if (!gt(take, '0')) continue
    const k = posKey(p.holder, p.symbol, p.side)
    st.positions.set(k, { ...p, margin: sub(p.margin, take), updated_at: pass.now })
    pass.positions.add(k)
    postings.push(...move({ ...w, bucket: 'frozen' }, to, take))
    left = sub(left, take)
  }
  if (postings.length) post(pass, reason, ref, postings)
  if (insured && gt(left, '0')) {
    // Before the insurance fund pays, the holder's open orders give back their reserves.
    const orders = st.openOrdersOf(holder).filter((o) => gt(o.locked, '0') && !pass.makers.has(Number(o.id)))
    for (const o of orders) cancelIn(st, pass, o)
    const more = min(left, pass.ledger.balance(w)?.available ?? '0')
    if (gt(more, '0')) {
      post(pass, reason, ref, move(w, to, more))
      left = sub(left, more)
    }
  }
  if (insured && gt(left, '0')) {
    pass.ledger.post({
      reason: reason === 'contract_liquidation' ? 'contract_liquidation' : 'insurance',
      refType: 'contract_order',
      refId: ref,
      memo: `loss beyond the balance of ${holder}`,
      postings: move(INSURANCE, to, left),
    })
    pass.insurance.set(holder, add(pass.insurance.get(holder) ?? '0', left))
  }
  return sub(amount, left)
}
