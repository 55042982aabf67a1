import type { Instrument } from '@common/market/types'
import { describe, expect, it } from 'vitest'
import { pairLabel } from './pair-label'

const instrument = (category: Instrument['category'], base: string, quote: string) =>
  ({ category, base, quote }) as Instrument

describe('pair label', () => {
  it('shows base/quote for pairs and the code alone for metals and stocks', () => {
    expect(pairLabel(instrument('spot', 'BTC', 'USDT'))).toBe('BTC/USDT')
    expect(pairLabel(instrument('forex', 'EUR', 'USD'))).toBe('EUR/USD')
    expect(pairLabel(instrument('metals', 'XAU', 'USD'))).toBe('XAU')
    expect(pairLabel(instrument('stocks', 'AAPL', 'USD'))).toBe('AAPL')
  })
})
