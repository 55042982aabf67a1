import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, gt, lt, mul, sub } from '../money/decimal'
import { onTick, protectionBound, protectionWindow, tickSize, toTickInFavour } from './tick'

describe('the price tick rule', () => {
  it('accepts prices on the tick and refuses finer ones (never rounds)', () => {
    expect(tickSize(2)).toBe('0.01')
    expect(tickSize(0)).toBe('1')
    expect(onTick('65947.43', 2)).toBe('65947.43')
    expect(onTick('65947.4300', 2)).toBe('65947.43')
    expect(onTick('65947.435', 2)).toBeNull()
    expect(onTick('0.0001', 2)).toBeNull()
    expect(onTick('0', 2)).toBeNull()
    expect(onTick('-1', 2)).toBeNull()
    expect(onTick('1e3', 2)).toBeNull()
  })

  it('puts computed prices on the tick in the holder’s favour: a buy down, a sell up', () => {
    expect(toTickInFavour('buy', '65947.435', 2)).toBe('65947.43')
    expect(toTickInFavour('sell', '65947.431', 2)).toBe('65947.44')
    expect(toTickInFavour('sell', '65947.43', 2)).toBe('65947.43')
    // The protection band: 2 % below the index for a sell, above for a buy.
    expect(protectionBound('sell', '58500', '0.02', 2)).toBe('57330')
    expect(protectionBound('buy', '58500', '0.02', 2)).toBe('59670')
    expect(protectionBound('sell', '0.333', '0.02', 2)).toBe('0.33')
    expect(protectionBound('sell', '10', '1', 2)).toBe('0.01')
    // Both edges: a sell fills within [57,330, 59,670], a buy too; each edge inside the band.
    expect(protectionWindow('sell', '58500', '0.02', 2)).toEqual({ worst: '57330', better: '59670' })
    expect(protectionWindow('buy', '58500', '0.02', 2)).toEqual({ worst: '59670', better: '57330' })
    expect(protectionWindow('sell', '0.333', '0.02', 2)).toEqual({ worst: '0.33', better: '0.33' })
  })

  it('a bound from the index is never beyond the band, on the holder’s side of the tick', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        (units, pct, side) => {
          const index = String(units / 1000)
          const band = `0.${String(pct).padStart(2, '0')}`
          const b = protectionBound(side, index, band, 2)
          const exact = side === 'sell' ? mul(index, sub('1', band)) : mul(index, add('1', band))
          // A sell's floor is at or above the exact bound (or the smallest tick), a buy's cap at or below.
          if (side === 'sell') expect(!lt(b, exact)).toBe(true)
          else expect(!gt(b, exact)).toBe(true)
          expect(onTick(b, 2)).not.toBeNull()
        },
      ),
    )
  })
})
