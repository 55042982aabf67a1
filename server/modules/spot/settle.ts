import { add, gt, isZero, mul, normalize, sub } from '@common/money/decimal'
import { fromUnits } from '@common/money/units'
import { fillFee, limitBuyFreeze } from '@common/spot/rules'
import type { OrderBook, PlaceResult } from '../../engine/order-book'
import { AppError } from '../../http/errors'
import { freeze, netPostings, type Posting, unfreeze } from '../../ledger/ledger'
import { vipFeeRates } from '../../platform/ports/fee-rates'
import { feePosting, feesKey, key, type Pass, type Prepared, spotPosting } from './model'
import type { OrderRow } from './repo'
import type { SpotState } from './state'
import { type ConditionalColumns, conditionalColumns } from './trigger-state'

/*
 * Settlement inside a pass: a placement matched against the book, its fills turned into ledger
 * postings (trade, fees, releases) and order rows; a cancel's release. Functions of the engine's
 * state and the pass: they change the book and the open orders in memory and record what the
 * pass writes when it commits.
 */

/** The columns of a new row that differ by kind of order (a placement, a waiting conditional order). */
export interface NewOrderColumns {
  type: OrderRow['type']
  lock: string
  status: OrderRow['status']
  timeInForce: OrderRow['time_in_force']
  postOnly: boolean
  cond: ConditionalColumns
}

/**
 * A new order row (a placed order, a waiting conditional order, a triggered one): nothing filled
 * yet, and the fee rates of the VIP tier in force when it is placed (issue 19), which set its
 * rates for good; a triggered order keeps its type, rates, client id and placement time. One
 * object literal, so every row has one shape (spreads of partial rows were about 1 % of an
 * order's CPU in bench:orders' profile).
 */
export function newOrderRow(
  st: SpotState,
  pass: Pass,
  p: Prepared,
  id: number,
  c: NewOrderColumns,
): OrderRow {
  const child = p.child
  const rates = child
    ? { maker: child.maker_fee_rate, taker: child.taker_fee_rate }
    : vipFeeRates(st.db, p.holder, p.inst.makerFee, p.inst.takerFee)
  return {
    id: String(id),
    holder: p.holder,
    symbol: p.inst.symbol,
    side: p.input.side,
    type: child ? child.type : c.type,
    price: p.price,
    amount: p.amount,
    quote_amount: p.quoteAmount,
    filled: '0',
    filled_quote: '0',
    fee: '0',
    maker_fee_rate: rates.maker,
    taker_fee_rate: rates.taker,
    locked: c.lock,
    status: c.status,
    created_at: child ? child.created_at : pass.now,
    updated_at: pass.now,
    time_in_force: c.timeInForce,
    post_only: c.postOnly,
    client_order_id: child ? child.client_order_id : (p.input.clientOrderId ?? null),
    trigger_price: c.cond.trigger_price,
    triggered_at: c.cond.triggered_at,
    callback_rate: c.cond.callback_rate,
    activation_price: c.cond.activation_price,
    watermark: c.cond.watermark,
    oco_id: c.cond.oco_id,
  }
}

/** Releases what an order still has locked (the quote of a buy, the base of a sell), if anything. */
export function releaseLocked(st: SpotState, pass: Pass, o: OrderRow): void {
  const inst = st.inst(o.symbol)
  if (gt(o.locked, '0'))
    pass.ledger.post({
      reason: 'spot_unfreeze',
      refType: 'spot_order',
      refId: String(o.id),
      postings: unfreeze(key(o.holder, o.side === 'buy' ? inst.quote : inst.base), normalize(o.locked)),
    })
}

export function cancelIn(st: SpotState, pass: Pass, o: OrderRow): OrderRow {
  releaseLocked(st, pass, o)
  const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
  pass.fx.books.add(o.symbol)
  st.book(o.symbol).cancel(Number(o.id))
  st.open.set(Number(o.id), row)
  pass.writes.set(Number(o.id), row)
  pass.fx.orders.set(String(o.id), row)
  return row
}

/**
 * Applies one placement in memory (book, ledger batch, rows to write). Returns null, having
 * changed nothing, when it would touch a balance the pass has not locked. An AppError
 * (insufficient balance, no liquidity) also leaves everything as it was.
 */
export function placeIn(st: SpotState, pass: Pass, p: Prepared, ids: number[]): OrderRow | null {
  const { inst, holder } = p
  const { side, type } = p.input
  const makerIds = st.previewOf(p)
  for (const id of makerIds) {
    const m = st.open.get(id)
    if (!m) throw new Error(`maker ${id} not loaded`)
    if (!pass.ledger.isLocked(key(m.holder, inst.base)) || !pass.ledger.isLocked(key(m.holder, inst.quote)))
      return null
  }
  const own = [key(holder, inst.base), key(holder, inst.quote), feesKey(inst.quote)]
  if (!own.every((k) => pass.ledger.isLocked(k))) return null
  if (type === 'market' && makerIds.length === 0) throw new AppError('noLiquidity')

  const book = st.book(inst.symbol)
  // Post-only (Binance LIMIT_MAKER): refused, nothing changed, when it would trade at once.
  if (p.postOnly && book.wouldTake(side, p.priceU)) throw new AppError('postOnlyWouldTake')
  const lock = p.lock ?? baseBuyFreeze(book, p)
  const lockAsset = side === 'buy' ? inst.quote : inst.base
  // A triggered conditional order keeps its id and the funds frozen when it was placed.
  const id = p.child ? Number(p.child.id) : ids.shift()
  if (id === undefined) throw new Error('no order id reserved')
  // The funds are checked first: a refusal leaves the book and the ledger untouched. A new
  // order's fills are paid from its available balance, and only what rests is frozen (after the
  // matching); a triggered order's funds were frozen when it was placed, so it pays from frozen.
  const frozenAlready = p.child !== undefined
  if (!frozenAlready && pass.ledger.wouldOverdraw(freeze(key(holder, lockAsset), lock)))
    throw new AppError('insufficientBalance')
  const takerBucket = frozenAlready ? 'frozen' : 'available'

  pass.fx.books.add(inst.symbol)
  const result: PlaceResult =
    type === 'limit'
      ? book.placeLimit(id, side, p.priceU, p.qtyU as number, holder, p.tif, p.postOnly)
      : book.placeMarket(id, side, p.qtyU, p.budgetU, holder)

  const taker = newOrderRow(st, pass, p, id, {
    type,
    lock,
    status: 'open',
    timeInForce: p.tif,
    postOnly: p.postOnly,
    cond: conditionalColumns(p.child, pass.now),
  })
  const trade: Posting[] = []
  const fees: Posting[] = []
  const releases: Posting[] = []
  const touched = new Map<number, OrderRow>()

  const consume = (o: OrderRow, qty: string, notional: string, fee: string) => {
    o.filled = add(o.filled, qty)
    o.filled_quote = add(o.filled_quote, notional)
    o.fee = add(o.fee, fee)
    o.locked = sub(o.locked, o.side === 'buy' ? add(notional, fee) : qty)
  }

  // Self-trade prevention: the holder's own resting orders the engine cancelled.
  for (const c of result.cancelled) {
    const o = st.open.get(c.id)
    if (!o) throw new Error(`resting order ${c.id} not loaded`)
    const asset = o.side === 'buy' ? inst.quote : inst.base
    if (gt(o.locked, '0')) releases.push(...unfreeze(key(o.holder, asset), normalize(o.locked)))
    const row: OrderRow = { ...o, status: 'cancelled', locked: '0', updated_at: pass.now }
    st.open.set(c.id, row)
    pass.writes.set(c.id, row)
    pass.fx.orders.set(String(c.id), row)
  }

  for (const f of result.fills) {
    const maker = touched.get(f.makerId) ?? { ...(st.open.get(f.makerId) as OrderRow) }
    const pr = fromUnits(f.price, inst.pp)
    const q = fromUnits(f.qty, inst.ap)
    const notional = mul(pr, q)
    const makerFee = fillFee(notional, normalize(maker.maker_fee_rate), inst.qdp)
    const takerFee = fillFee(notional, taker.taker_fee_rate, inst.qdp)
    const buyer = side === 'buy' ? taker : maker
    const seller = side === 'buy' ? maker : taker
    const buyerFee = side === 'buy' ? takerFee : makerFee
    const sellerFee = side === 'buy' ? makerFee : takerFee
    // The buyer pays the notional and its fee from what its order froze (a taker's from where
    // its funds are); the seller gives the base it froze and pays its fee from the proceeds.
    const buyerBucket = side === 'buy' ? takerBucket : 'frozen'
    const sellerBucket = side === 'sell' ? takerBucket : 'frozen'
    trade.push(
      spotPosting(buyer.holder, inst.quote, buyerBucket, `-${notional}`),
      spotPosting(seller.holder, inst.quote, 'available', notional),
      spotPosting(seller.holder, inst.base, sellerBucket, `-${q}`),
      spotPosting(buyer.holder, inst.base, 'available', q),
    )
    if (!isZero(buyerFee))
      fees.push(
        spotPosting(buyer.holder, inst.quote, buyerBucket, `-${buyerFee}`),
        feePosting(inst.quote, buyerFee),
      )
    if (!isZero(sellerFee))
      fees.push(
        spotPosting(seller.holder, inst.quote, 'available', `-${sellerFee}`),
        feePosting(inst.quote, sellerFee),
      )
    consume(maker, q, notional, makerFee)
    consume(taker, q, notional, takerFee)
    maker.status = f.makerRemaining === 0 ? 'filled' : 'partial'
    maker.updated_at = pass.now
    touched.set(f.makerId, maker)
    pass.trades.push({
      symbol: inst.symbol,
      price: pr,
      amount: q,
      quote: notional,
      taker_side: side,
      maker_order_id: String(maker.id),
      taker_order_id: String(id),
      maker_holder: maker.holder,
      taker_holder: holder,
      maker_fee: makerFee,
      taker_fee: takerFee,
      created_at: pass.now,
    })
  }

  const release = (o: OrderRow) => {
    const asset = o.side === 'buy' ? inst.quote : inst.base
    if (gt(o.locked, '0')) releases.push(...unfreeze(key(o.holder, asset), normalize(o.locked)))
    o.locked = '0'
  }
  for (const m of touched.values()) if (m.status === 'filled') release(m)
  // What rests of a new order stays frozen: its lock less what its fills spent.
  let rests: Posting[] = []
  if (type === 'limit' && result.rested) {
    taker.status = result.fills.length ? 'partial' : 'open'
    if (!frozenAlready && gt(taker.locked, '0'))
      rests = freeze(key(holder, lockAsset), normalize(taker.locked))
  } else {
    // Filled whole, or what an IOC, a FOK or a market order could not take is dropped (cancelled);
    // a triggered order's freeze is released. A market buy by quote budget is complete once it
    // has spent it.
    const complete = p.qtyU === null || result.remaining === 0
    taker.status = complete ? 'filled' : 'cancelled'
    if (frozenAlready) release(taker)
    else taker.locked = '0'
  }

  // Settlement cannot overdraw (the funds were checked or frozen for it); if it did, the whole
  // pass fails (not only this order: the book has already changed) and the books are rebuilt.
  // Each entry moves a balance bucket once: fills against many makers are summed per bucket.
  const ref = { refType: 'spot_order', refId: String(id) }
  try {
    if (trade.length) pass.ledger.post({ reason: 'spot_trade', ...ref, postings: netPostings(trade) })
    if (fees.length) pass.ledger.post({ reason: 'spot_fee', ...ref, postings: netPostings(fees) })
    if (releases.length) pass.ledger.post({ reason: 'spot_unfreeze', ...ref, postings: releases })
    if (rests.length) pass.ledger.post({ reason: 'spot_freeze', ...ref, postings: rests })
  } catch (err) {
    throw new Error(`spot settlement of order ${id} failed`, { cause: err })
  }

  for (const [mid, m] of touched) {
    st.open.set(mid, m)
    pass.writes.set(mid, m)
    pass.fx.orders.set(String(mid), m)
  }
  // A rested taker is a maker for the next placements of the same pass.
  if (type === 'limit' && result.rested) st.open.set(id, taker)
  pass.writes.set(id, taker)
  pass.fx.orders.set(String(id), taker)
  if (taker.client_order_id !== null) st.rememberClientOrder(taker)
  return taker
}

/**
 * What a market buy sized in base freezes: the cost of the asks it would take now (the owner's
 * own passed over, as self-trade prevention does) with the taker fee on top, as a limit buy's
 * freeze; the fills cannot cost more, since they run on this same book in this same pass.
 */
function baseBuyFreeze(book: OrderBook, p: Prepared): string {
  const { inst } = p
  const { cost } = book.sweep('buy', null, p.qtyU as number, p.holder)
  if (!Number.isSafeInteger(cost)) throw new AppError('priceOutOfRange')
  if (cost === 0) throw new AppError('noLiquidity')
  return limitBuyFreeze(fromUnits(cost, inst.pp + inst.ap), inst.takerFee, inst.takerFee, inst.qdp)
}
