import { describe, expect, it } from 'vitest'
import { feeEstimate, maxBuy, shareOf, upperRate, validNum } from './ticket'

describe('order form sizes', () => {
  it('buys the most whole units the balance pays for with the freezing fee on top', () => {
    // 10,000 / (50,000 x 1.001) = 0.19980019...
    expect(maxBuy('10000', '50000', '0.001', 6)).toBe('0.199800')
    expect(maxBuy('10000', '', '0.001', 6)).toBeNull()
    expect(maxBuy('0', '50000', '0.001', 6)).toBe('0.000000')
  })

  it('takes a share of a maximum, rounded down', () => {
    expect(shareOf('0.199800', 25, 6)).toBe('0.049950')
    expect(shareOf('0.5', 75, 6)).toBe('0.375000')
    expect(shareOf('0.000003', 50, 6)).toBe('0.000001')
  })

  it('estimates the fee at or above what the engine charges', () => {
    expect(feeEstimate('10', '0.001', 2)).toBe('0.01')
    expect(feeEstimate('1.5', '0.001', 2)).toBe('0.01')
    // A market buy of 100 USDT pays the fee out of the budget: 100 x 0.001 / 1.001 = 0.0999...
    expect(feeEstimate('100', '0.001', 2, true)).toBe('0.10')
    expect(upperRate('0.0008', '0.001')).toBe('0.001')
  })

  it('accepts only positive decimals as typed', () => {
    expect(validNum('0.01')).toBe(true)
    expect(validNum('0')).toBe(false)
    expect(validNum('1.')).toBe(false)
    expect(validNum(undefined)).toBe(false)
  })
})
