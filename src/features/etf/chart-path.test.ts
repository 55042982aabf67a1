import { describe, expect, it } from 'vitest'
import { chartPath } from './chart-path'

describe('NAV chart geometry', () => {
  it('scales time to the width and NAV to the height, highest NAV on top', () => {
    const g = chartPath(
      [
        { ts: 0, nav: '10' },
        { ts: 50, nav: '12' },
        { ts: 100, nav: '11' },
      ],
      200,
      100,
      0,
    )
    expect(g.line).toBe('M0 100 L100 0 L200 50')
    expect(g.area).toBe('M0 100 L100 0 L200 50 L200 100 L0 100 Z')
    expect([g.min, g.max]).toEqual([10, 12])
    expect(g.last).toEqual({ x: 200, y: 50 })
  })

  it('a flat or single-point series is a level line in the middle; no points, no line', () => {
    expect(chartPath([{ ts: 5, nav: '10' }], 200, 100).line).toBe('M0 50 L200 50')
    expect(chartPath([], 200, 100).line).toBe('')
  })
})
