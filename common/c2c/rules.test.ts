import { describe, expect, it } from 'vitest'
import {
  checkOrder,
  completionRate,
  dayStartUtc8,
  orderFigures,
  rankAds,
  sameName,
  splitSettlement,
} from './rules'

describe('c2c rules', () => {
  it('derives quantity from a fiat amount (down) and amount from a quantity (half-up)', () => {
    expect(orderFigures('7.2', { amount: '100' }, 6)).toEqual({ quantity: '13.888888', amount: '100' })
    expect(orderFigures('7.2', { quantity: '10.005' }, 6)).toEqual({ quantity: '10.005', amount: '72.04' })
  })
  it('checks zero, limits and what is left', () => {
    const ad = { minAmount: '100', maxAmount: '1000', remaining: '50' }
    expect(checkOrder({ quantity: '0', amount: '0' }, ad)).toBe('zero')
    expect(checkOrder({ quantity: '51', amount: '500' }, ad)).toBe('above_left')
    expect(checkOrder({ quantity: '1', amount: '99.99' }, ad)).toBe('below_min')
    expect(checkOrder({ quantity: '50', amount: '1000.01' }, ad)).toBe('above_max')
    expect(checkOrder({ quantity: '50', amount: '1000' }, ad)).toBe('ok')
  })
  it('computes the completion rate', () => {
    expect(completionRate(0, 0)).toBeNull()
    expect(completionRate(2, 3)).toBe('66.67')
    expect(completionRate(5, 5)).toBe('100')
  })
  it('finds the UTC+8 day start', () => {
    const t = Date.UTC(2026, 0, 1, 15, 59) // 23:59 in UTC+8
    expect(dayStartUtc8(t)).toBe(Date.UTC(2025, 11, 31, 16))
    expect(dayStartUtc8(Date.UTC(2026, 0, 1, 16, 0))).toBe(Date.UTC(2026, 0, 1, 16))
  })
  it('compares holder names ignoring case, spaces and width', () => {
    expect(sameName('Chen  Mei', 'chen mei')).toBe(true)
    expect(sameName('ＣＨＥＮ', 'chen')).toBe(true)
    expect(sameName('Chen', 'Chan')).toBe(false)
    expect(sameName('', '')).toBe(false)
  })
  it('ranks ads by price for the taker, then completion, then age', () => {
    const ads = [
      { id: '3', price: '7.1', completion: '90' },
      { id: '2', price: '7.0', completion: '80' },
      { id: '1', price: '7.0', completion: '80' },
      { id: '4', price: '7.0', completion: '99' },
    ]
    expect(rankAds(ads, 'buy').map((a) => a.id)).toEqual(['4', '1', '2', '3'])
    expect(rankAds(ads, 'sell').map((a) => a.id)).toEqual(['3', '4', '1', '2'])
  })
  it('splits a settlement within the escrow', () => {
    expect(splitSettlement('10', '4')).toEqual({ buyer: '4', seller: '6' })
    expect(splitSettlement('10', '11')).toBeNull()
    expect(splitSettlement('10', '-1')).toBeNull()
  })
})
