import { describe, expect, it } from 'vitest'
import { fitWithin, nextAttempt } from './compress-image'

describe('client image compression plan', () => {
  it('lowers quality first, then size, and stops', () => {
    expect(nextAttempt(1600, 0.9)).toEqual({ side: 1600, quality: 0.8 })
    expect(nextAttempt(1600, 0.5)).toEqual({ side: 1200, quality: 0.8 })
    expect(nextAttempt(480, 0.5)).toBeNull()
  })
  it('fits the longest side without enlarging', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ w: 1600, h: 1200 })
    expect(fitWithin(300, 200, 1600)).toEqual({ w: 300, h: 200 })
  })
})
