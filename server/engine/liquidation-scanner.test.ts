import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LiquidationScanner } from './liquidation-scanner'

describe('liquidation scanner', () => {
  it('finds falling and rising candidates by price', () => {
    const s = new LiquidationScanner(0)
    s.set('BTC', 'a', { price: 40_000, direction: 'down' })
    s.set('BTC', 'b', { price: 45_000, direction: 'down' })
    s.set('BTC', 'c', { price: 60_000, direction: 'up' })
    expect(s.candidates('BTC', 50_000)).toEqual([])
    expect(s.candidates('BTC', 44_000).sort()).toEqual(['b'])
    expect(s.candidates('BTC', 39_000).sort()).toEqual(['a', 'b'])
    expect(s.candidates('BTC', 61_000)).toEqual(['c'])
    s.set('BTC', 'b', null)
    expect(s.candidates('BTC', 44_000)).toEqual([])
    s.forget('c')
    expect(s.candidates('BTC', 61_000)).toEqual([])
  })

  it('never misses an account a linear scan finds (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.boolean()), { maxLength: 200 }),
        fc.integer({ min: 1, max: 100_000 }),
        (list, price) => {
          const s = new LiquidationScanner()
          for (const [i, [p, down]] of list.entries())
            s.set('X', `h${i}`, { price: p, direction: down ? 'down' : 'up' })
          const got = new Set(s.candidates('X', price))
          return list.every(([p, down], i) => !(down ? price <= p : price >= p) || got.has(`h${i}`))
        },
      ),
    )
  })
})
