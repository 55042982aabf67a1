import type { SpotOrder } from '@common/spot/schema'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../http/errors'
import { checkExpires, hollaexSigningInput, MAX_EXPIRES_AHEAD_S } from './auth'
import { hollaexAnswer, POST_ONLY_REFUSED } from './errors'
import { balanceOf, constantsOf, orderOf, stepOf } from './wire'

const order = (o: Partial<SpotOrder>): SpotOrder => ({
  id: '7',
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  price: '60000',
  amount: '0.5',
  quoteAmount: null,
  filled: '0.2',
  filledQuote: '12000',
  avgPrice: '60000',
  fee: '12',
  status: 'partial',
  createdAt: 0,
  updatedAt: 0,
  timeInForce: 'GTC',
  postOnly: false,
  clientOrderId: null,
  ...o,
})

describe('HollaEx wire shapes', () => {
  it('names pairs and steps as HollaEx does, fees in percent', () => {
    const c = constantsOf(
      [
        {
          inst: {
            symbol: 'BTCUSDT',
            category: 'spot',
            base: 'BTC',
            quote: 'USDT',
            name: 'Bitcoin',
            pricePrecision: 2,
            amountPrecision: 5,
            minAmount: '0.0001',
            minNotional: '5',
            status: 'trading',
            hot: true,
            logo: '',
            logoColor: '',
            sort: 1,
          },
          fees: { maker: '0.001', taker: '0.0015' },
        },
      ],
      [{ code: 'BTC', name: 'Bitcoin', precision: 8, enabled: true }],
    )
    expect(c.pairs['btc-usdt']).toMatchObject({
      pair_base: 'btc',
      pair_2: 'usdt',
      increment_price: '0.01',
      increment_size: '0.00001',
      min_size: '0.0001',
      maker_fees: { 1: '0.1' },
      taker_fees: { 1: '0.15' },
      active: true,
    })
    expect(c.coins.btc).toMatchObject({ symbol: 'btc', increment_unit: '0.00000001' })
    expect(stepOf(0)).toBe('1')
  })

  it('maps order states (an expired IOC or post-only reads as cancelled) and post-only into meta', () => {
    const inst = { base: 'BTC', quote: 'USDT' }
    expect(orderOf(order({}), inst, 'u').status).toBe('pfilled')
    expect(orderOf(order({ status: 'open' }), inst, 'u').status).toBe('new')
    expect(orderOf(order({ status: 'expired' }), inst, 'u').status).toBe('canceled')
    expect(orderOf(order({ status: 'cancelled', postOnly: true }), inst, 'u')).toMatchObject({
      status: 'canceled',
      meta: { post_only: true },
      symbol: 'btc-usdt',
      size: '0.5',
      fee_coin: 'usdt',
    })
  })

  it('answers every coin of the balance, total = available + in orders', () => {
    const b = balanceOf(['BTC', 'USDT'], [{ asset: 'USDT', available: '10.5', frozen: '2' }], 0)
    expect(b).toMatchObject({
      usdt_balance: '12.5',
      usdt_available: '10.5',
      usdt_pending: '2',
      btc_balance: '0',
      btc_available: '0',
    })
  })
})

describe('HollaEx signing and errors', () => {
  it('signs METHOD + path + expires + body', () => {
    expect(hollaexSigningInput('post', '/v2/order', '1700000000', '{"a":1}')).toBe(
      'POST/v2/order1700000000{"a":1}',
    )
  })

  it('takes api-expires only in the coming minute', () => {
    const now = 1_700_000_000_000
    expect(() => checkExpires(String(now / 1000 + 10), now)).not.toThrow()
    expect(() => checkExpires(String(now / 1000 + MAX_EXPIRES_AHEAD_S), now)).not.toThrow()
    expect(() => checkExpires(String(now / 1000 + MAX_EXPIRES_AHEAD_S + 1), now)).toThrow(
      'API request is expired',
    )
    expect(() => checkExpires(String(now / 1000), now)).toThrow('API request is expired')
    expect(() => checkExpires('soon', now)).toThrow('Invalid token')
  })

  it('words errors as ccxt matches them', () => {
    expect(hollaexAnswer(new AppError('insufficientBalance'))).toEqual({
      status: 400,
      message: 'Insufficient balance',
    })
    expect(hollaexAnswer(new AppError('orderNotFound')).message).toMatch(/^Order not found/)
    expect(hollaexAnswer(new AppError('apiKeySignatureInvalid'))).toMatchObject({ status: 401 })
    expect(hollaexAnswer(new AppError('apiKeySignatureInvalid')).message).toMatch(/^Invalid token/)
    expect(hollaexAnswer(new AppError('apiKeyScopeMissing')).status).toBe(403)
    expect(hollaexAnswer(new AppError('postOnlyWouldTake')).message).toBe(POST_ONLY_REFUSED)
    expect(hollaexAnswer(new Error('boom'))).toEqual({ status: 500, message: 'Internal error' })
  })
})
