import { describe, expect, it } from 'vitest'
import { amountChips, countdown, linePoints, percent } from './view'

describe('option view helpers', () => {
  it('formats countdowns, never negative', () => {
    expect(countdown(42_000)).toBe('00:42')
    expect(countdown(41_001)).toBe('00:42')
    expect(countdown(3_725_000)).toBe('1:02:05')
    expect(countdown(-5)).toBe('00:00')
  })
  it('shows rates as percents', () => {
    expect(percent('0.8')).toBe('80')
    expect(percent('0.825')).toBe('82.5')
    expect(percent('3')).toBe('300')
  })
  it('scales a price line into the box, flat series centred', () => {
    const l = linePoints(
      [
        { t: 0, p: 10 },
        { t: 10, p: 20 },
      ],
      100,
      50,
      0,
      10,
    )
    expect(l.points.split(' ')[0]?.startsWith('0.0,')).toBe(true)
    expect(l.y(20)).toBeLessThan(l.y(10))
    const flat = linePoints([{ t: 0, p: 5 }], 100, 50, 0, 10)
    expect(flat.y(5)).toBeCloseTo(25)
    expect(linePoints([], 100, 50, 0, 1).points).toBe('')
  })
  it('offers the minimum first, then round amounts', () => {
    expect(amountChips('10')).toEqual(['10', '50', '100', '500'])
    expect(amountChips('100')).toEqual(['100', '500', '1000', '5000'])
  })
})
