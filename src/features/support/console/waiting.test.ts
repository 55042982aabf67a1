import { describe, expect, it } from 'vitest'
import { waitedParts } from './waiting'

describe('unanswered time', () => {
  it('counts minutes, then hours, then days, never negative', () => {
    const t0 = 1_000_000
    expect(waitedParts(t0, t0 + 59_000)).toEqual({ unit: 'm', n: 0 })
    expect(waitedParts(t0, t0 + 5 * 60_000)).toEqual({ unit: 'm', n: 5 })
    expect(waitedParts(t0, t0 + 125 * 60_000)).toEqual({ unit: 'h', n: 2 })
    expect(waitedParts(t0, t0 + 50 * 3_600_000)).toEqual({ unit: 'd', n: 2 })
    expect(waitedParts(t0 + 10, t0)).toEqual({ unit: 'm', n: 0 })
  })
})
