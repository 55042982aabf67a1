import { describe, expect, it } from 'vitest'
import { symbolLabel } from './symbol'

describe('symbolLabel', () => {
  it('shows pairs as BASE/QUOTE, perpetuals without their suffix, anything else as it is', () => {
    expect(symbolLabel('BTCUSDT')).toBe('BTC/USDT')
    expect(symbolLabel('DOGEUSDT')).toBe('DOGE/USDT')
    expect(symbolLabel('ETHUSDT_PERP')).toBe('ETH/USDT')
    expect(symbolLabel('XAU')).toBe('XAU')
    expect(symbolLabel('USDT')).toBe('USDT')
  })
})
