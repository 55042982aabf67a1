import { add, type DecimalString, div, gt, lt, mul } from '../money/decimal'
import { maxLeverageFor, notionalOf, type Tier } from './margin'
import type { ContractSide } from './schema'

/**
 * Order-ticket rules shared by the app and the server.
 *
 * Max openable lots (ours, reserving the taker fee like Bybit): each lot costs
 * price x lotSize x (1/leverage + takerFee); lots = floor(available / cost per lot), then lowered
 * until the tier of the resulting notional allows the leverage. Example (derivatives.md): 1,000
 * USDT, price 50,000, 10x, 0.05 % taker, lot 0.001 -> 199 lots. The server freezes exactly this
 * cost per lot at placement (initial margin + taker fee), so what the ticket offers is accepted.
 */
export function orderCost(
  lots: number,
  lotSize: DecimalString,
  price: DecimalString,
  leverage: number,
  takerFee: DecimalString,
  dp: number,
): { margin: DecimalString; fee: DecimalString; total: DecimalString } {
  const notional = notionalOf(mul(String(lots), lotSize), price)
  const margin = div(notional, String(leverage), dp, 'up')
  const fee = div(mul(notional, takerFee), '1', dp, 'up')
  return { margin, fee, total: add(margin, fee) }
}

export function maxOpenLots(x: {
  available: DecimalString
  price: DecimalString
  lotSize: DecimalString
  leverage: number
  takerFee: DecimalString
  tiers: readonly Tier[]
  instrumentMax: number
  /** Lots already held on that side (the tier counts the whole position). */
  heldLots?: number
  dp: number
}): number {
  if (!gt(x.price, '0') || !gt(x.available, '0')) return 0
  const perLot = mul(mul(x.price, x.lotSize), add(div('1', String(x.leverage), 18, 'up'), x.takerFee))
  let lots = Number(div(x.available, perLot, 0, 'down'))
  // Exact: the per-lot division above rounds 1/leverage up, so confirm with the real cost.
  while (lots > 0 && gt(orderCost(lots, x.lotSize, x.price, x.leverage, x.takerFee, x.dp).total, x.available))
    lots--
  const held = x.heldLots ?? 0
  while (
    lots > 0 &&
    maxLeverageFor(x.tiers, notionalOf(mul(String(lots + held), x.lotSize), x.price), x.instrumentMax) <
      x.leverage
  )
    lots = Math.floor(lots * 0.9)
  return Math.max(0, lots)
}

export type TpslError = 'tpInvalid' | 'slInvalid'

/**
 * docs/spec.md section 5: a long's take-profit above both the open and the current price, its stop-loss
 * below both; a short the reverse. null (or omitted) triggers are not checked; a trigger at or
 * below 0 (e.g. one that rounded to 0 at the price precision) is invalid: a long's TP or a short's
 * SL there would fire at once, a long's SL never.
 */
export function validateTpsl(
  side: ContractSide,
  open: DecimalString,
  current: DecimalString,
  tp: DecimalString | null,
  sl: DecimalString | null,
): TpslError | null {
  const above = (p: DecimalString) => gt(p, open) && gt(p, current)
  const below = (p: DecimalString) => lt(p, open) && lt(p, current)
  if (tp !== null && !(gt(tp, '0') && (side === 'long' ? above(tp) : below(tp)))) return 'tpInvalid'
  if (sl !== null && !(gt(sl, '0') && (side === 'long' ? below(sl) : above(sl)))) return 'slInvalid'
  return null
}

/** Which trigger the index reached, if any (TP and SL never both: a long's TP is above its SL). */
export function triggered(
  side: ContractSide,
  index: DecimalString,
  tp: DecimalString | null,
  sl: DecimalString | null,
): 'tp' | 'sl' | null {
  if (side === 'long') {
    if (sl !== null && !gt(index, sl)) return 'sl'
    if (tp !== null && !lt(index, tp)) return 'tp'
  } else {
    if (sl !== null && !lt(index, sl)) return 'sl'
    if (tp !== null && !gt(index, tp)) return 'tp'
  }
  return null
}
