import { describe, expect, it } from 'vitest'
import { add, lte, mul } from '../money/decimal'
import { feeEstimate, fillFee, limitBuyFreeze, marketBuyNotional, maxBuy, upperRate } from './rules'

describe('spot freeze and fee rule', () => {
  it('freezes a limit buy at its notional plus the fee at the higher rate, rounded up to the quote places', () => {
    expect(upperRate('0.0008', '0.001')).toBe('0.001')
    // 0.5 x 60,000.01 = 30,000.005; fee 30.000005 -> 30.01 (rounded up to 2 places)
    expect(limitBuyFreeze('30000.005', '0.0008', '0.001', 2)).toBe('30030.015')
    expect(limitBuyFreeze('100', '0.002', '0.001', 2)).toBe('100.2')
    expect(limitBuyFreeze('100', '0', '0', 2)).toBe('100')
  })

  it('buys the most whole units the balance pays for with the freezing fee on top', () => {
    // 10,000 / (50,000 x 1.001) = 0.19980019...
    expect(maxBuy('10000', '50000', '0.001', 6)).toBe('0.199800')
    expect(maxBuy('10000', '', '0.001', 6)).toBeNull()
    expect(maxBuy('10000', '0', '0.001', 6)).toBeNull()
    expect(maxBuy('0', '50000', '0.001', 6)).toBe('0.000000')
  })

  it('the order form offers at most what the balance freezes for, give or take the fee rounding', () => {
    // The form divides by the rate; the server rounds the fee up to the quote places, so the
    // form's maximum can freeze up to one quote unit more than the balance (a known gap: the
    // server then refuses with "insufficient balance").
    for (const [available, price, maker, taker] of [
      ['10000', '50000', '0.0008', '0.001'],
      ['123.45', '0.3377', '0.001', '0.001'],
      ['99.99', '1.01', '0', '0.002'],
    ] as const) {
      const amount = maxBuy(available, price, upperRate(maker, taker), 6) as string
      const freeze = limitBuyFreeze(mul(price, amount), maker, taker, 2)
      expect(lte(freeze, add(available, '0.01')), `${available} @ ${price}`).toBe(true)
    }
    expect(
      limitBuyFreeze(mul('50000', maxBuy('10000', '50000', '0.001', 6) as string), '0.0008', '0.001', 2),
    ).toBe('9999.99')
  })

  it('a market buy spends its budget on the notional plus the taker fee, at the book resolution', () => {
    // 100 / 1.001 = 99.9000999..., to the quote places + 2 (99.9000), at 8 places (2 + 6)
    expect(marketBuyNotional('100', '0.001', 2, 2, 6)).toBe('99.90000000')
    expect(marketBuyNotional('100', '0', 2, 2, 6)).toBe('100.00000000')
  })

  it('charges a fill notional x rate rounded down, and estimates at or above it', () => {
    expect(fillFee('30000.005', '0.001', 2)).toBe('30.00')
    expect(feeEstimate('30000.005', '0.001', 2)).toBe('30.01')
    expect(feeEstimate('10', '0.001', 2)).toBe('0.01')
    expect(feeEstimate('1.5', '0.001', 2)).toBe('0.01')
    // A market buy of 100 USDT pays the fee out of the budget: 100 x 0.001 / 1.001 = 0.0999...
    expect(feeEstimate('100', '0.001', 2, true)).toBe('0.10')
  })
})
