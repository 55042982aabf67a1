import { onTick } from '@common/market/tick'
import { type DecimalString, isZero, lt, mul, toFixed } from '@common/money/decimal'
import { toUnits } from '@common/money/units'
import { limitBuyFreeze, marketBuyNotional } from '@common/spot/rules'
import { AppError } from '../../http/errors'
import type { PlaceInput } from '../../platform/ports/engines'
import type { Inst, Prepared } from './model'

/**
 * Checks a placement against its instrument (status, tick, minimums) and works out what it
 * freezes and its size in book units; no I/O. A refusal is an AppError.
 */
export function prepareOrder(inst: Inst, holder: string, input: PlaceInput): Prepared {
  if (inst.category !== 'spot') throw new AppError('unknownSymbol')
  if (inst.status !== 'trading') throw new AppError('marketSuspended')
  const { side, type } = input
  let price: string | null = null
  let amount: string | null = null
  let quoteAmount: string | null = null
  let lock: DecimalString | null
  let priceU = 0
  let qtyU: number | null = null
  let budgetU: number | null = null
  try {
    if (type === 'limit') {
      // The one tick rule (common/market/tick.ts): a price off the tick is refused, never rounded.
      amount = toFixed(input.amount ?? '0', inst.ap, 'down')
      if (isZero(input.price ?? '0') || isZero(amount)) throw new AppError('belowMinimum')
      price = onTick(input.price ?? '0', inst.pp)
      if (price === null) throw new AppError('priceOffTick')
      const notional = mul(price, amount)
      if (lt(amount, inst.minAmount) || lt(notional, inst.minNotional)) throw new AppError('belowMinimum')
      priceU = toUnits(toFixed(price, inst.pp), inst.pp)
      qtyU = toUnits(toFixed(amount, inst.ap), inst.ap)
      lock = side === 'buy' ? limitBuyFreeze(notional, inst.makerFee, inst.takerFee, inst.qdp) : amount
    } else if (side === 'sell' || input.amount !== undefined) {
      // A market sell, or a market buy sized in base: its freeze is priced on the book (settle.ts).
      amount = toFixed(input.amount ?? '0', inst.ap, 'down')
      if (isZero(amount) || lt(amount, inst.minAmount)) throw new AppError('belowMinimum')
      qtyU = toUnits(toFixed(amount, inst.ap), inst.ap)
      lock = side === 'sell' ? amount : null
    } else {
      quoteAmount = toFixed(input.quoteAmount ?? '0', inst.qdp, 'down')
      if (isZero(quoteAmount) || lt(quoteAmount, inst.minNotional)) throw new AppError('belowMinimum')
      budgetU = toUnits(
        marketBuyNotional(quoteAmount, inst.takerFee, inst.qdp, inst.pp, inst.ap),
        inst.pp + inst.ap,
      )
      lock = quoteAmount
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('priceOutOfRange')
  }
  const limit = type === 'limit'
  const tif = limit ? (input.timeInForce ?? 'GTC') : 'IOC'
  const postOnly = limit && input.postOnly === true
  return { holder, inst, input, price, amount, quoteAmount, lock, priceU, qtyU, budgetU, tif, postOnly }
}
