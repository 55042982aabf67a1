import { describe, expect, it } from 'vitest'
import { EXCHANGE_TIMES, formatHours } from './exchange-times'

describe('exchange service times', () => {
  it('are the figures of the specification', () => {
    expect(EXCHANGE_TIMES).toEqual({
      bankBookingAhead: 2,
      exchangeWithin: 1,
      arrivalWithin: 3,
      stablecoinRedemptionWithin: 1,
    })
  })

  it('formats hours with the language’s plural', () => {
    expect(formatHours(1, 'en')).toBe('1 hour')
    expect(formatHours(2, 'en')).toBe('2 hours')
    expect(formatHours(3, 'de')).toBe('3 Stunden')
  })
})
