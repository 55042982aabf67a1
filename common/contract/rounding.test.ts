import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gt, lt, sub } from '../money/decimal'
import { settledPnl, toPlatform } from './margin'

const places = (x: string) => x.split('.')[1]?.length ?? 0

describe('contract postings round toward the platform at the asset precision', () => {
  it('books a profit down and a loss up, to 6 places (issue 34: 330.064223994 in a wallet)', () => {
    expect(toPlatform('330.064223994', 6)).toBe('330.064223')
    expect(toPlatform('-0.000000001', 6)).toBe('-0.000001')
    expect(toPlatform('2', 6)).toBe('2')
    // 0.003 BTC x (65,000.01 - 64,947.4312345) = 0.1577367... booked 0.157736.
    expect(settledPnl('long', '0.003', '64947.4312345', '65000.01', 6)).toBe('0.157736')
    expect(settledPnl('short', '0.003', '64947.4312345', '65000.01', 6)).toBe('-0.157737')
  })

  it('never pays more than the exact PnL, by less than one unit of the last place', () => {
    const dec = fc
      .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 999_999_999 }))
      .map(([i, f]) => `${i}.${String(f).padStart(9, '0')}`)
    fc.assert(
      fc.property(dec, (x) => {
        const r = toPlatform(x, 6)
        expect(places(r)).toBeLessThanOrEqual(6)
        const residue = sub(x, r)
        expect(lt(residue, '0')).toBe(false)
        expect(gt(residue, '0.000001')).toBe(false)
        expect(residue === '0.000001').toBe(false)
      }),
    )
  })
})
