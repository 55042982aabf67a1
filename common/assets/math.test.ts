import { describe, expect, it } from 'vitest'
import { EXCHANGE_FEE_RATE, EXCHANGE_SPREAD, exchangeQuote, valueInUsdt, withdrawAmounts } from './math'

describe('withdrawal fee and net', () => {
  const chain = { fee: '1', minWithdraw: '10' }
  it('deducts the fee from the amount', () => {
    expect(withdrawAmounts('25.5', chain)).toEqual({ ok: true, fee: '1', net: '24.5' })
    expect(withdrawAmounts('10', chain)).toEqual({ ok: true, fee: '1', net: '9' })
  })
  it('refuses below the minimum or when nothing would arrive', () => {
    expect(withdrawAmounts('9.999999', chain)).toEqual({ ok: false, reason: 'below_minimum' })
    expect(withdrawAmounts('1', { fee: '1', minWithdraw: '0.5' })).toEqual({ ok: false, reason: 'below_fee' })
  })
})

describe('flash exchange quote', () => {
  it('applies the spread, then the fee, truncated to the receiving precision', () => {
    expect(EXCHANGE_SPREAD).toBe('0.002')
    expect(EXCHANGE_FEE_RATE).toBe('0.001')
    // 1 BTC at 60000 into USDT (6 dp): rate 59880, fee 59.88, receive 59820.12
    expect(exchangeQuote('1', '60000', '1', 6)).toEqual({
      rate: '59880',
      gross: '59880',
      fee: '59.88',
      receive: '59820.12',
    })
  })
  it('USDT into BTC truncates and rounds the fee up', () => {
    const q = exchangeQuote('100', '1', '60000', 8)
    // mid 0.0000166666..., rate 0.0000166333..., gross 0.00166333
    expect(q.gross).toBe('0.00166333')
    expect(q.fee).toBe('0.00000167')
    expect(q.receive).toBe('0.00166166')
  })
})

describe('valuation', () => {
  it('values with a price and says null without one', () => {
    expect(valueInUsdt('2', '3.5')).toBe('7')
    expect(valueInUsdt('2', null)).toBeNull()
  })
})
