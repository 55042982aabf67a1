import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromUnits, toUnits } from './units'

describe('fixed-point units', () => {
  it('converts both ways exactly', () => {
    expect(toUnits('65000.12', 2)).toBe(6500012)
    expect(toUnits('0.5', 4)).toBe(5000)
    expect(toUnits('-1.2', 2)).toBe(-120)
    expect(toUnits('3.100', 1)).toBe(31)
    expect(fromUnits(6500012, 2)).toBe('65000.12')
    expect(fromUnits(5, 4)).toBe('0.0005')
    expect(fromUnits(-120, 2)).toBe('-1.20')
    expect(fromUnits(42, 0)).toBe('42')
  })
  it('refuses lost digits, bad text and unsafe integers', () => {
    expect(() => toUnits('1.234', 2)).toThrow(/more than 2/)
    expect(() => toUnits('1e5', 2)).toThrow(/Invalid/)
    expect(() => toUnits('99999999999999999', 2)).toThrow(/range/)
    expect(() => fromUnits(0.5, 2)).toThrow(/safe/)
  })
  it('property: round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), fc.integer({ min: 0, max: 8 }), (n, dp) => {
        expect(toUnits(fromUnits(n, dp), dp)).toBe(n)
      }),
    )
  })
})
