import type { OcoOrderInput, PlaceOrderInput, SpotSide } from '@common/spot/schema'

/** The conditional kinds of the spot ticket's order-type picker (docs/products/spot.md). */
export const CONDITIONAL_KINDS = ['stop_limit', 'stop_market', 'take_profit', 'oco', 'trailing'] as const
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number]

export type CondField = 'trigger' | 'price' | 'stopPrice' | 'amount' | 'total' | 'callback' | 'activation'
export type CondFields = Record<CondField, string>

export const emptyCondFields = (): CondFields => ({
  trigger: '',
  price: '',
  stopPrice: '',
  amount: '',
  total: '',
  callback: '',
  activation: '',
})

/**
 * The fields a kind shows, in order (a market buy is sized by its total, as the server wants). A
 * take-profit without a limit price is a market one: a buy then asks for its total, not an amount.
 */
export function fieldsOf(kind: ConditionalKind, side: SpotSide, limitPrice = ''): CondField[] {
  const size: CondField = side === 'buy' ? 'total' : 'amount'
  switch (kind) {
    case 'stop_limit':
      return ['trigger', 'price', 'amount']
    case 'stop_market':
      return ['trigger', size]
    case 'take_profit':
      // A take-profit with a limit price is a take-profit limit; without one, a market order.
      return ['trigger', 'price', limitPrice.trim() ? 'amount' : size]
    case 'oco':
      return ['price', 'trigger', 'stopPrice', 'amount']
    case 'trailing':
      return ['callback', 'activation', size]
  }
}

/** A callback rate typed in percent ("1.5") as basis points (150); null when not a number. */
export function callbackBps(pct: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(pct.trim())) return null
  return Math.round(Number(pct) * 100)
}

const opt = (k: string, v: string) => (v.trim() ? { [k]: v.trim() } : {})

/** What the ticket sends: a placement, or an OCO. */
export function conditionalRequest(
  kind: ConditionalKind,
  side: SpotSide,
  symbol: string,
  f: CondFields,
): { place: PlaceOrderInput } | { oco: OcoOrderInput } {
  const size = side === 'buy' ? { quoteAmount: f.total } : { amount: f.amount }
  switch (kind) {
    case 'stop_limit':
      return {
        place: {
          symbol,
          side,
          type: 'stop_limit',
          triggerPrice: f.trigger,
          price: f.price,
          amount: f.amount,
        },
      }
    case 'stop_market':
      return { place: { symbol, side, type: 'stop_market', triggerPrice: f.trigger, ...size } }
    case 'take_profit':
      return f.price.trim()
        ? {
            place: {
              symbol,
              side,
              type: 'take_profit_limit',
              triggerPrice: f.trigger,
              price: f.price,
              amount: f.amount,
            },
          }
        : {
            place: {
              symbol,
              side,
              type: 'take_profit_market',
              triggerPrice: f.trigger,
              // A market take-profit buy spends a quote budget, frozen at placement.
              ...size,
            },
          }
    case 'oco':
      return {
        oco: {
          symbol,
          side,
          amount: f.amount,
          price: f.price,
          triggerPrice: f.trigger,
          ...opt('stopPrice', f.stopPrice),
        },
      }
    case 'trailing':
      return {
        place: {
          symbol,
          side,
          type: 'trailing_stop',
          callbackRate: callbackBps(f.callback) ?? -1,
          ...opt('activationPrice', f.activation),
          ...size,
        },
      }
  }
}
