import { describe, expect, it } from 'vitest'
import { markPosition, sparklinePath } from './sparkline'

describe('sparklinePath', () => {
  it('spreads closes over the width, the highest at the top and the lowest at the bottom', () => {
    expect(sparklinePath(['10', '20', '15'], 100, 24, 2)).toBe('M0 22 L50 2 L100 12')
  })

  it('draws a flat series through the middle', () => {
    expect(sparklinePath(['5', '5'], 60, 20)).toBe('M0 10 L60 10')
  })

  it('draws nothing for fewer than two closes', () => {
    expect(sparklinePath([], 60, 20)).toBe('')
    expect(sparklinePath(['1'], 60, 20)).toBe('')
  })
})

describe('markPosition', () => {
  it("puts a price on the sparkline's scale, and pins one off the chart to its edge", () => {
    expect(markPosition(['10', '20', '15'], '15', 24, 2)).toEqual({ top: 0.5, off: null })
    expect(markPosition(['10', '20', '15'], '20', 24, 2)).toEqual({ top: 2 / 24, off: null })
    expect(markPosition(['10', '20', '15'], '25', 24, 2)).toEqual({ top: 0, off: 'above' })
    expect(markPosition(['10', '20', '15'], '9.99', 24, 2)).toEqual({ top: 1, off: 'below' })
    expect(markPosition(['1'], '1', 24)).toBeNull()
  })
})
