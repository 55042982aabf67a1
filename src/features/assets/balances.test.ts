import { describe, expect, it } from 'vitest'
import { foldBalances, isSmallBalance } from './balances'

describe('foldBalances', () => {
  const rows = [
    { coin: 'USDT', total: '24883.97021968', valueUsdt: '24883.97' },
    { coin: 'BTC', total: '0.00001', valueUsdt: '0.6' },
    { coin: 'ETH', total: '0', valueUsdt: '0.00' },
    { coin: 'XAU', total: '0.001', valueUsdt: null },
    { coin: 'DOGE', total: '5', valueUsdt: '1' },
  ]
  it('folds zero balances away and keeps every non-zero one by default', () => {
    const f = foldBalances(rows, false)
    expect(f.shown.map((r) => r.coin)).toEqual(['USDT', 'BTC', 'XAU', 'DOGE'])
    expect(f.zero.map((r) => r.coin)).toEqual(['ETH'])
    expect(f.hiddenSmall).toBe(0)
  })
  it('hides priced balances below 1 USDT; an unpriced coin and exactly 1 USDT stay', () => {
    const f = foldBalances(rows, true)
    expect(f.shown.map((r) => r.coin)).toEqual(['USDT', 'XAU', 'DOGE'])
    expect(f.hiddenSmall).toBe(1)
    expect(isSmallBalance(null)).toBe(false)
    expect(isSmallBalance('0.99')).toBe(true)
  })
})
