import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GroupedMap } from './grouped-map'

interface Row {
  holder: string
  symbol: string
  n: number
}
const make = () =>
  new GroupedMap<string, Row, 'holder' | 'symbol'>({ holder: (r) => r.holder, symbol: (r) => r.symbol })

describe('GroupedMap', () => {
  it('groups values by holder and symbol, and forgets them on delete and clear', () => {
    const m = make()
    m.set('a:BTC', { holder: 'a', symbol: 'BTC', n: 1 })
    m.set('a:ETH', { holder: 'a', symbol: 'ETH', n: 2 })
    m.set('b:BTC', { holder: 'b', symbol: 'BTC', n: 3 })
    expect(m.in('holder', 'a').map((r) => r.n)).toEqual([1, 2])
    expect(m.in('symbol', 'BTC').map((r) => r.n)).toEqual([1, 3])
    // Replacing a value replaces it in its groups too.
    m.set('a:BTC', { holder: 'a', symbol: 'BTC', n: 9 })
    expect(m.in('holder', 'a').map((r) => r.n)).toEqual([9, 2])
    expect(m.delete('a:ETH')).toBe(true)
    expect(m.delete('a:ETH')).toBe(false)
    expect(m.in('symbol', 'ETH')).toEqual([])
    expect(m.keysOf('holder').sort()).toEqual(['a', 'b'])
    m.clear()
    expect(m.in('holder', 'a')).toEqual([])
    expect(m.keysOf('symbol')).toEqual([])
  })

  it('agrees with a scan of all values after any sequence of sets and deletes', () => {
    const op = fc.record({
      del: fc.boolean(),
      holder: fc.constantFrom('a', 'b', 'c'),
      symbol: fc.constantFrom('BTC', 'ETH'),
      n: fc.integer(),
    })
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const m = make()
        for (const o of ops) {
          const k = `${o.holder}:${o.symbol}`
          if (o.del) m.delete(k)
          else m.set(k, { holder: o.holder, symbol: o.symbol, n: o.n })
        }
        for (const h of ['a', 'b', 'c'])
          expect(m.in('holder', h)).toEqual([...m.values()].filter((r) => r.holder === h))
        for (const s of ['BTC', 'ETH'])
          expect(m.in('symbol', s)).toEqual([...m.values()].filter((r) => r.symbol === s))
      }),
    )
  })
})
