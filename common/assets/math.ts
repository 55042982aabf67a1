import { cmp, type DecimalString, div, gt, mul, sub, toFixed } from '../money/decimal'
import type { ChainDef } from './chains'

/** Withdrawal: the fee is deducted from the requested amount; the rest arrives. */
export type WithdrawCheck =
  | { ok: true; fee: DecimalString; net: DecimalString }
  | { ok: false; reason: 'below_minimum' | 'below_fee' }

export function withdrawAmounts(
  amount: DecimalString,
  chain: Pick<ChainDef, 'fee' | 'minWithdraw'>,
): WithdrawCheck {
  if (cmp(amount, chain.minWithdraw) < 0) return { ok: false, reason: 'below_minimum' }
  const net = sub(amount, chain.fee)
  if (!gt(net, '0')) return { ok: false, reason: 'below_fee' }
  return { ok: true, fee: chain.fee, net }
}

/** Flash exchange: the desk quotes the index cross rate less a visible spread, then a fee. */
export const EXCHANGE_SPREAD = '0.002'
export const EXCHANGE_FEE_RATE = '0.001'
/** How long a quote may be accepted (ms). */
export const QUOTE_TTL_MS = 15_000

export interface ExchangeQuoteMath {
  /** Units of `to` per unit of `from` after the spread. */
  rate: DecimalString
  /** Before the fee, in `to`. */
  gross: DecimalString
  fee: DecimalString
  /** What the user receives, in `to`. */
  receive: DecimalString
}

/**
 * fromPrice / toPrice are index prices in USDT. Amounts are truncated to the receiving coin's
 * precision (never overstated); the fee rounds up so the desk is never short.
 */
export function exchangeQuote(
  amount: DecimalString,
  fromPrice: DecimalString,
  toPrice: DecimalString,
  toDp: number,
): ExchangeQuoteMath {
  const kept = sub('1', EXCHANGE_SPREAD)
  // One rounding per figure: the rate shown is informative, the amounts come from the prices.
  const rate = div(mul(fromPrice, kept), toPrice, 12, 'down')
  const gross = toFixed(div(mul(mul(amount, fromPrice), kept), toPrice, toDp, 'down'), toDp, 'down')
  const fee = toFixed(mul(gross, EXCHANGE_FEE_RATE), toDp, 'up')
  const receive = toFixed(sub(gross, fee), toDp, 'down')
  return {
    rate: normalizeZeros(rate),
    gross: normalizeZeros(gross),
    fee: normalizeZeros(fee),
    receive: normalizeZeros(receive),
  }
}

function normalizeZeros(s: DecimalString): DecimalString {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s
}

/** Value of a holding in USDT; null when the index has no price for it. */
export function valueInUsdt(amount: DecimalString, price: DecimalString | null): DecimalString | null {
  return price === null ? null : mul(amount, price)
}
