import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromBigUnits, fromUnits, fromUnitsFixed, toBigUnits, toUnits } from './units'

describe('fixed-point units', () => {
  it('converts both ways exactly', () => {
    expect(toUnits('65000.12', 2)).toBe(6500012)
    expect(toUnits('0.5', 4)).toBe(5000)
    expect(toUnits('-1.2', 2)).toBe(-120)
    expect(toUnits('3.100', 1)).toBe(31)
    expect(fromUnitsFixed(6500012, 2)).toBe('65000.12')
    expect(fromUnitsFixed(5, 4)).toBe('0.0005')
    expect(fromUnitsFixed(-120, 2)).toBe('-1.20')
    expect(fromUnitsFixed(42, 0)).toBe('42')
  })
  it('normalizes for the order book: no trailing zeros', () => {
    expect(toUnits('12.345', 3)).toBe(12345)
    expect(toUnits('12.3', 3)).toBe(12300)
    expect(toUnits('12.3450', 3)).toBe(12345)
    expect(fromUnits(12300, 3)).toBe('12.3')
    expect(fromUnits(12000, 3)).toBe('12')
    expect(fromUnits(5, 3)).toBe('0.005')
    expect(fromUnits(0, 3)).toBe('0')
    expect(fromUnits(7, 0)).toBe('7')
    expect(fromUnits(100, 0)).toBe('100')
    expect(fromUnits(-120, 2)).toBe('-1.2')
  })
  it('refuses lost digits, bad text and unsafe integers', () => {
    expect(() => toUnits('1.234', 2)).toThrow(/more than 2/)
    expect(() => toUnits('1e5', 2)).toThrow(/Invalid/)
    expect(() => toUnits('99999999999999999', 2)).toThrow(/range/)
    expect(() => fromUnitsFixed(0.5, 2)).toThrow(/safe/)
    expect(() => fromUnits(0.5, 2)).toThrow(/safe/)
  })
  it('counts in bigint beyond 2^53 units', () => {
    expect(toBigUnits('1.5', 6)).toBe(1_500_000n)
    expect(toBigUnits('-0.25', 2)).toBe(-25n)
    expect(toBigUnits('99999999999999999', 2)).toBe(9_999_999_999_999_999_900n)
    expect(fromBigUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromBigUnits(-25n, 2)).toBe('-0.25')
    expect(() => toBigUnits('1.1234567', 6)).toThrow()
  })
  it('property: round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), fc.integer({ min: 0, max: 8 }), (n, dp) => {
        expect(toUnits(fromUnitsFixed(n, dp), dp)).toBe(n)
        expect(toUnits(fromUnits(n, dp), dp)).toBe(n)
        expect(toBigUnits(fromUnits(n, dp), dp)).toBe(BigInt(n))
        expect(fromBigUnits(BigInt(n), dp)).toBe(fromUnits(n, dp))
      }),
    )
  })
})
