import { type AccountPosition, isLiquidatable } from '@common/contract/liquidation'
import { maxLeverageFor, notionalOf } from '@common/contract/margin'
import { orderCost } from '@common/contract/orders'
import type { ContractPlaceInput, ContractSide } from '@common/contract/schema'
import { onTick, type PriceWindow, protectionWindow } from '@common/market/tick'
import { add, div, gt, isDecimalString, max, mul, normalize, round, sub } from '@common/money/decimal'
import { fromUnits, toUnits } from '@common/money/units'
import { AppError } from '../../http/errors'
import { freeze } from '../../ledger/ledger'
import { vipFeeRates } from '../../platform/ports/fee-rates'
import type { ContractEngine } from './engine'
import { nextOrderId } from './engine-repo'
import { MM_LEVERAGE, MONEY_DP, type OrderRow, type Source, wallet } from './model'
import { cancelIn, lockFor, type Pass, post } from './pass'
import type { ContractState } from './state'

/** Orders inside a pass: opening (checks, margin reserve, matching), reduce-only closes, market-maker quotes. */

export interface Quote {
  side: ContractSide
  price: string
  lots: number
}

/** Validates and runs an opening order inside a pass. */
export async function openIn(
  eng: ContractEngine,
  pass: Pass,
  holder: string,
  input: ContractPlaceInput,
  source: Source,
): Promise<OrderRow> {
  const inst = eng.inst(input.symbol)
  if (!inst.trading) throw new AppError('marketSuspended')
  // No position opens on an old price: the index must be fresh (house quotes included).
  if (eng.indexStale(inst.symbol)) throw new AppError('indexStale')
  const lots = input.lots
  if (input.leverage > inst.maxLeverage) throw new AppError('leverageTooHigh')
  const price = input.type === 'limit' ? tickedPrice(inst.pp, input.price as string) : null
  const ref = referencePrice(eng, inst.symbol, input.side, price, lots)
  const held = Number(eng.position(holder, inst.symbol, input.side)?.lots ?? 0)
  const notional = notionalOf(mul(String(lots + held), inst.lotSize), ref)
  if (maxLeverageFor(inst.tiers, notional, inst.maxLeverage) < input.leverage)
    throw new AppError('leverageTooHigh')
  await lockFor(eng, pass, [holder])
  if (!holder.startsWith('mm:')) {
    await assertActive(pass, holder)
    // As if the order filled at its reference price now, paying the taker fee.
    const qty = mul(String(lots), inst.lotSize)
    const fee = div(mul(mul(qty, ref), inst.takerFee), '1', MONEY_DP, 'up')
    const mark = eng.mark(inst.symbol) ?? ref
    assertHealthy(eng, pass, holder, fee, [
      { symbol: inst.symbol, side: input.side, qty, entry: ref, mark, tiers: inst.tiers },
    ])
  }
  const cost = orderCost(lots, inst.lotSize, ref, input.leverage, max(inst.makerFee, inst.takerFee), MONEY_DP)
  const id = await nextOrderId(pass.trx)
  post(pass, 'contract_margin', String(id), freeze(wallet(holder), cost.total))
  const order = newOrder(
    eng,
    pass,
    id,
    holder,
    inst.symbol,
    input.side,
    'open',
    input.type,
    price,
    lots,
    input.leverage,
    cost.total,
    source,
  )
  return eng.execute(pass, { ...order, client_order_id: input.clientOrderId ?? null })
}

export function newOrder(
  eng: ContractState,
  pass: Pass,
  id: number,
  holder: string,
  symbol: string,
  side: ContractSide,
  kind: OrderRow['kind'],
  type: OrderRow['type'],
  price: string | null,
  lots: number,
  leverage: number,
  locked: string,
  source: Source,
): OrderRow {
  const inst = eng.inst(symbol)
  // The VIP tier in force when the order is placed (issue 19) sets its rates for good.
  const rates = vipFeeRates(eng.db, holder, inst.makerFee, inst.takerFee)
  return {
    id: String(id),
    holder,
    symbol,
    side,
    kind,
    type,
    source,
    price,
    lots: String(lots),
    filled_lots: '0',
    filled_notional: '0',
    leverage,
    locked,
    fee: '0',
    realized_pnl: '0',
    maker_fee_rate: rates.maker,
    taker_fee_rate: rates.taker,
    status: 'open',
    created_at: pass.now,
    updated_at: pass.now,
    client_order_id: null,
  }
}

/**
 * The price margin is reserved at: a long pays at most its limit; a short that crosses the bids
 * sells at the bids (at or above its limit); a market order at the worst level it would reach.
 */
export function referencePrice(
  eng: ContractState,
  symbol: string,
  side: ContractSide,
  limit: string | null,
  lots: number,
): string {
  const inst = eng.inst(symbol)
  const b = eng.book(symbol)
  const levels = b.depth(1000)
  const takes = side === 'long' ? levels.asks : levels.bids
  if (limit !== null) {
    const bid = b.bestBid()
    return side === 'short' && bid !== null ? max(limit, fromUnits(bid, inst.pp)) : limit
  }
  let left = lots
  let worst: number | null = null
  for (const l of takes) {
    worst = l.price
    left -= l.qty
    if (left <= 0) break
  }
  if (worst === null) throw new AppError('noLiquidity')
  const w = fromUnits(worst, inst.pp)
  return side === 'short' ? fromUnits(takes[0]?.price ?? worst, inst.pp) : w
}

/** Frozen accounts may look but not trade (as in spot); closing stays open to them. */
export async function assertActive(pass: Pass, holder: string): Promise<void> {
  const status = await pass.ledger.lock([], [holder])
  if (status.get(holder) !== 'active') throw new AppError('accountAbnormal')
}

/**
 * Refuses an order that would leave the account at its maintenance margin once filled (its fee
 * paid, the new position marked at the index): it would be liquidated at the next tick.
 */
export function assertHealthy(
  eng: ContractState,
  pass: Pass,
  holder: string,
  fee: string,
  extra: AccountPosition[],
): void {
  const bal = pass.ledger.balance(wallet(holder)) ?? { available: '0', frozen: '0' }
  const r = eng.riskOf(holder, sub(add(bal.available, bal.frozen), fee), extra)
  if (r && isLiquidatable(r.marginBalance, r.maintenance)) throw new AppError('contractRisk')
}

/**
 * A limit or trigger price as the user sent it, on the market's tick (common/market/tick.ts):
 * a price with more decimals than the tick is refused (1405), never rounded.
 */
export function tickedPrice(pp: number, raw: string): string {
  const p = onTick(raw, pp)
  if (p !== null) return p
  throw new AppError(isDecimalString(raw) && gt(raw, '0') ? 'priceOffTick' : 'priceOutOfRange')
}

/**
 * The price protection of a reduce-only market close (docs/products/perpetual.md, "Price protection"): the window of
 * prices it may fill at, the instrument's band around the index (null before the first index tick).
 */
export function protectionOf(eng: ContractState, symbol: string, side: ContractSide): PriceWindow | null {
  const inst = eng.inst(symbol)
  const index = eng.mark(symbol)
  return index ? protectionWindow(side === 'long' ? 'sell' : 'buy', index, inst.protection, inst.pp) : null
}

/**
 * Closes (part of) a position inside a pass: a reduce-only market or limit order. A market close
 * carries price protection: it fills only within the band around the index (or within
 * `opts.window`, a liquidation's own) and drops the rest; when nothing at all is within the
 * band it is refused (priceProtection) before anything changes. A liquidation (`opts.bound`) may
 * fill nothing: the risk protection fund takes the rest over.
 */
export async function closeIn(
  eng: ContractEngine,
  pass: Pass,
  holder: string,
  symbol: string,
  side: ContractSide,
  opts: { type?: 'limit' | 'market'; lots?: number; price?: string; window?: PriceWindow },
  source: Source,
): Promise<OrderRow> {
  const inst = eng.inst(symbol)
  const p = eng.position(holder, symbol, side)
  if (!p) throw new AppError('positionNotFound')
  const free = Number(p.lots) - eng.closingLots(holder, symbol, side)
  const lots = opts.lots ?? free
  if (lots <= 0 || lots > free) throw new AppError('lotsAbovePosition')
  const type = opts.type ?? 'market'
  const price = type === 'limit' ? tickedPrice(inst.pp, opts.price as string) : null
  let window: PriceWindow | null = null
  if (type === 'market') {
    const b = eng.book(symbol)
    if (opts.window !== undefined) window = opts.window
    else {
      if ((side === 'long' ? b.bestBid() : b.bestAsk()) === null) throw new AppError('noLiquidity')
      window = protectionOf(eng, symbol, side)
      const within =
        window === null ||
        b.preview(
          side === 'long' ? 'sell' : 'buy',
          toUnits(window.worst, inst.pp),
          lots,
          null,
          holder,
          window.better ? toUnits(window.better, inst.pp) : null,
        ).length > 0
      if (!within) throw new AppError('priceProtection')
    }
  }
  const id = await nextOrderId(pass.trx)
  return eng.execute(
    pass,
    newOrder(eng, pass, id, holder, symbol, side, 'close', type, price, lots, p.leverage, '0', source),
    window,
  )
}

/**
 * Market makers: replace the holder's quotes on `symbol`, atomically (the engine loaded). Quotes
 * are 'net' orders (a bid reduces the maker's short before it opens a long) that freeze nothing at
 * placement: their margin and fee come from available when they fill.
 *
 * The makers quote whether or not the symbol is open for trading: with trading off (console switch
 * or suspended instrument) only new opening orders are refused (openIn), and the reduce-only
 * closes, TP/SL and liquidations still need the makers' side of the book.
 */
export async function requote(
  eng: ContractEngine,
  holder: string,
  symbol: string,
  quotes: { side: ContractSide; price: string; lots: number }[],
) {
  const inst = eng.inst(symbol)
  return eng.exclusive(async () => {
    // An order still whole at a quote's side, price and lots stays; only the rest is replaced.
    const keyOf = (side: string, price: string, lots: number) => `${side}:${normalize(price)}:${lots}`
    const waiting = new Map<string, { side: ContractSide; price: string; lots: number }[]>()
    for (const q of quotes) {
      const k = keyOf(q.side, round(q.price, inst.pp, 'half-up'), q.lots)
      waiting.set(k, [...(waiting.get(k) ?? []), q])
    }
    const stale: OrderRow[] = []
    for (const o of eng.openOrdersOf(holder, symbol)) {
      const same =
        o.kind === 'net' && o.type === 'limit' && o.price !== null && Number(o.filled_lots) === 0
          ? waiting.get(keyOf(o.side, o.price, Number(o.lots)))
          : undefined
      if (same?.length) same.pop()
      else stale.push(o)
    }
    const missing = [...waiting.values()].flat()
    if (stale.length === 0 && missing.length === 0) return
    await eng.transact(async (pass) => {
      await lockFor(eng, pass, [holder])
      for (const o of stale) cancelIn(eng, pass, o)
      for (const q of missing) {
        const id = await nextOrderId(pass.trx)
        const price = round(q.price, inst.pp, 'half-up')
        await eng.execute(
          pass,
          newOrder(
            eng,
            pass,
            id,
            holder,
            symbol,
            q.side,
            'net',
            'limit',
            price,
            q.lots,
            MM_LEVERAGE,
            '0',
            'mm',
          ),
        )
      }
    })
  })
}
