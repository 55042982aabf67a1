import { describe, expect, it } from 'vitest'
import { countdown } from './countdown'

describe('countdown', () => {
  it('shows hours, minutes and seconds', () => {
    expect(countdown(8 * 3600_000, 0)).toBe('08:00:00')
    expect(countdown(3_723_999, 0)).toBe('01:02:03')
  })
  it('stops at zero', () => {
    expect(countdown(1000, 5000)).toBe('00:00:00')
  })
})
