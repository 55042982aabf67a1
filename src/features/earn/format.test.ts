import { describe, expect, it } from 'vitest'
import { pct, share, timeLeft } from './format'

describe('earn formatting', () => {
  it('shows rates as percentages', () => {
    expect(pct('0.05')).toBe('5')
    expect(pct('0.0003', 4)).toBe('0.03')
    expect(pct('0.1095')).toBe('10.95')
  })
  it('counts down in days and HH:MM:SS, never below zero', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ d: 1, hms: '01:01:01' })
    expect(timeLeft(0, 5000)).toEqual({ d: 0, hms: '00:00:00' })
  })
  it('clamps progress', () => {
    expect(share('50', '200')).toBe(25)
    expect(share('500', '200')).toBe(100)
    expect(share('1', '0')).toBe(0)
  })
})
