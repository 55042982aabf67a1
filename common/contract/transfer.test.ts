import { describe, expect, it } from 'vitest'
import { contractTransferable } from './transfer'

describe('contractTransferable (cross margin: an unrealized loss stays in the contract account)', () => {
  const long = { side: 'long' as const, qty: '0.5', entry: '60000' }
  it('is the available balance without positions', () => {
    expect(contractTransferable('1234.567891', [], 6)).toBe('1234.567891')
  })
  it('takes the net unrealized loss off the available balance, rounded down to the coin', () => {
    // 0.5 BTC long from 60,000 marked at 58,999.9999997: loss 500.00000015
    expect(contractTransferable('2000', [{ ...long, mark: '58999.9999997' }], 6)).toBe('1499.999999')
  })
  it('does not add an unrealized profit', () => {
    expect(contractTransferable('2000', [{ ...long, mark: '61000' }], 6)).toBe('2000')
  })
  it('nets positions: a short gaining offsets a long losing', () => {
    const short = { side: 'short' as const, qty: '0.5', entry: '60000', mark: '59000' }
    expect(contractTransferable('100', [{ ...long, mark: '59000' }, short], 6)).toBe('100')
  })
  it('is never negative', () => {
    expect(contractTransferable('100', [{ ...long, mark: '50000' }], 6)).toBe('0')
  })
})
