import { describe, expect, it } from 'vitest'
import { checkSettings } from './contract-settings'

const ok = {
  symbol: 'BTCUSDT_PERP',
  maxLeverage: '100',
  makerFee: '0.0002',
  takerFee: '0.0005',
  lotSize: '0.001',
  trading: true,
  tiers: [
    { floor: '0', mmr: '0.004', maxLeverage: 100 },
    { floor: '50000', mmr: '0.005', maxLeverage: 100 },
  ],
}

describe('console contract settings', () => {
  it('accepts a valid form', () => {
    expect(checkSettings(ok)).toEqual({ ...ok, maxLeverage: 100, reason: '' })
  })
  it('names the field to fix', () => {
    expect(checkSettings({ ...ok, maxLeverage: '0' })).toBe('leverage')
    expect(checkSettings({ ...ok, maxLeverage: '126' })).toBe('leverage')
    expect(checkSettings({ ...ok, takerFee: 'x' })).toBe('fee')
    expect(checkSettings({ ...ok, lotSize: '0' })).toBe('lot')
    expect(checkSettings({ ...ok, tiers: [] })).toBe('tiers')
    expect(checkSettings({ ...ok, tiers: [{ floor: '10', mmr: '0.01', maxLeverage: 10 }] })).toBe('tiers')
  })
})
