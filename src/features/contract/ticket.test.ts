import { DEFAULT_TIERS_BTC } from '@common/contract/margin'
import { describe, expect, it } from 'vitest'
import { livePnl, maxOpenLots, openCost } from './ticket'

const btc = {
  lotSize: '0.001',
  makerFee: '0.0002',
  takerFee: '0.0005',
  tiers: DEFAULT_TIERS_BTC,
  maxLeverage: 100,
}

describe('order ticket', () => {
  it('costs initial margin plus the taker fee', () => {
    // 10 lots of 0.001 BTC at 50,000 = 500 USDT notional; 10x -> 50 margin; 0.05 % fee -> 0.25.
    expect(openCost(btc, '10', '50000', 10)).toEqual({ margin: '50', fee: '0.25', total: '50.25' })
  })
  it('max lots: derivatives.md example, 1,000 USDT at 50,000, 10x, 0.05 % -> 199 lots of 0.001', () => {
    expect(maxOpenLots(btc, '1000', '50000', 10)).toBe(199)
    expect(maxOpenLots(btc, '0', '50000', 10)).toBe(0)
    expect(maxOpenLots(btc, '1000', '0', 10)).toBe(0)
  })
  it('live PnL from a newer price', () => {
    const p = { side: 'long' as const, qty: '0.1', avgOpenPrice: '50000', margin: '500' }
    expect(livePnl(p, '51000')).toEqual({ pnl: '100', percent: '20' })
    expect(livePnl({ ...p, side: 'short' }, '51000')).toEqual({ pnl: '-100', percent: '-20' })
  })
})
