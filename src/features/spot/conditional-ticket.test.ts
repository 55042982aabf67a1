import { ocoOrderSchema, placeOrderSchema } from '@common/spot/schema'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { callbackBps, conditionalRequest, emptyCondFields, fieldsOf } from './conditional-ticket'

describe('conditional ticket', () => {
  const f = {
    ...emptyCondFields(),
    trigger: '2900',
    price: '2890',
    amount: '0.5',
    total: '100',
    callback: '1.5',
  }

  it('sends what the server schema accepts for each kind', () => {
    for (const kind of ['stop_limit', 'stop_market', 'take_profit', 'trailing'] as const)
      for (const side of ['buy', 'sell'] as const) {
        const r = conditionalRequest(kind, side, 'ETHUSDT', f)
        expect('place' in r && v.safeParse(placeOrderSchema, r.place).success, `${kind} ${side}`).toBe(true)
      }
    const oco = conditionalRequest('oco', 'sell', 'ETHUSDT', { ...f, price: '3100' })
    expect('oco' in oco && v.safeParse(ocoOrderSchema, oco.oco).success).toBe(true)
  })

  it('a take-profit without a limit price is a market take-profit; the callback goes in basis points', () => {
    const r = conditionalRequest('take_profit', 'sell', 'ETHUSDT', { ...f, price: '' })
    expect(r).toEqual({
      place: {
        symbol: 'ETHUSDT',
        side: 'sell',
        type: 'take_profit_market',
        triggerPrice: '2900',
        amount: '0.5',
      },
    })
    // A market take-profit buy spends a quote budget: the ticket asks for its total.
    expect(fieldsOf('take_profit', 'buy', '')).toEqual(['trigger', 'price', 'total'])
    expect(fieldsOf('take_profit', 'buy', '2890')).toEqual(['trigger', 'price', 'amount'])
    const buy = conditionalRequest('take_profit', 'buy', 'ETHUSDT', { ...f, price: '' })
    expect(buy).toEqual({
      place: {
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'take_profit_market',
        triggerPrice: '2900',
        quoteAmount: '100',
      },
    })
    expect('place' in buy && v.safeParse(placeOrderSchema, buy.place).success).toBe(true)
    expect(callbackBps('1.5')).toBe(150)
    expect(callbackBps('abc')).toBeNull()
    expect(fieldsOf('trailing', 'buy')).toEqual(['callback', 'activation', 'total'])
  })
})
