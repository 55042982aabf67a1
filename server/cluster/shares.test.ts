import { describe, expect, it } from 'vitest'
import { CONTRACT_UNIT, fairShare, isExpired, marketUnits, unitOf, unitsToTry } from './shares'

describe('market units', () => {
  it('spot markets are one unit each, every perpetual shares the contract unit, others have none', () => {
    expect(unitOf('spot', 'BTCUSDT')).toBe('spot:BTCUSDT')
    expect(unitOf('perpetual', 'BTCUSDT-PERP')).toBe(CONTRACT_UNIT)
    expect(unitOf('metals', 'XAUUSD')).toBeNull()
    expect(
      marketUnits([
        { symbol: 'ETHUSDT', category: 'spot' },
        { symbol: 'BTCUSDT', category: 'spot' },
        { symbol: 'BTCUSDT-PERP', category: 'perpetual' },
        { symbol: 'ETHUSDT-PERP', category: 'perpetual' },
        { symbol: 'XAUUSD', category: 'metals' },
      ]),
    ).toEqual(['contract', 'spot:BTCUSDT', 'spot:ETHUSDT'])
  })
})

describe('fair share', () => {
  it('rounds up so every unit has room somewhere', () => {
    expect(fairShare(7, 2)).toBe(4)
    expect(fairShare(8, 2)).toBe(4)
    expect(fairShare(3, 5)).toBe(1)
    expect(fairShare(5, 0)).toBe(5)
    expect(fairShare(0, 3)).toBe(0)
  })
})

describe('units to try', () => {
  const units = ['contract', 'spot:A', 'spot:B', 'spot:C', 'spot:D', 'spot:E']

  it('a lone core may take every free unit', () => {
    const r = unitsToTry({ units, owned: new Set(), liveCores: 1, nodeId: 'core-1' })
    expect(r.room).toBe(6)
    expect(new Set(r.candidates)).toEqual(new Set(units))
  })

  it('room is the share minus what it owns; candidates are every unit it does not own nor knows held', () => {
    const owned = new Set(['spot:A'])
    const held = new Set(['spot:B', 'spot:C'])
    const r = unitsToTry({ units, owned, held, liveCores: 2, nodeId: 'core-1' })
    expect(r.room).toBe(2)
    expect(new Set(r.candidates)).toEqual(new Set(['contract', 'spot:D', 'spot:E']))
  })

  it('units another core holds never crowd out a free one (every candidate is listed, not only `room`)', () => {
    const owned = new Set(['spot:A', 'spot:B'])
    const r = unitsToTry({ units, owned, liveCores: 2, nodeId: 'core-1' })
    expect(r.room).toBe(1)
    expect(r.candidates).toHaveLength(4)
  })

  it('a core at its share tries nothing; when the other core dies the share grows', () => {
    const owned = new Set(['spot:A', 'spot:B', 'spot:C'])
    expect(unitsToTry({ units, owned, liveCores: 2, nodeId: 'x' }).room).toBe(0)
    const r = unitsToTry({ units, owned, liveCores: 1, nodeId: 'x' })
    expect(r.room).toBe(3)
    expect(new Set(r.candidates)).toEqual(new Set(['contract', 'spot:D', 'spot:E']))
  })

  it('two cores starting together begin their scans at different units', () => {
    const names = ['core-a', 'core-b', 'core-c', 'core-d']
    const firsts = new Set(
      names.map((n) => unitsToTry({ units, owned: new Set(), liveCores: 2, nodeId: n }).candidates[0]),
    )
    expect(firsts.size).toBeGreaterThan(1)
  })
})

describe('deadlines', () => {
  it('a command at or past its deadline is expired', () => {
    expect(isExpired(1000, 999)).toBe(false)
    expect(isExpired(1000, 1000)).toBe(true)
    expect(isExpired(1000, 1001)).toBe(true)
    expect(isExpired(Number.NaN, 0)).toBe(true)
  })
})
