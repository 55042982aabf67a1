import { describe, expect, it } from 'vitest'
import { alertBounds, alertHit } from './alerts'

describe('price alert bounds', () => {
  it('above and below fire at and beyond their price only', () => {
    const up = alertBounds('above', '100', '90')
    expect(alertHit(up, '99.99')).toBe(false)
    expect(alertHit(up, '100')).toBe(true)
    expect(alertHit(up, '150')).toBe(true)
    const down = alertBounds('below', '80', '90')
    expect(alertHit(down, '80.01')).toBe(false)
    expect(alertHit(down, '80')).toBe(true)
  })

  it('a % move fires either way from the price when created', () => {
    const b = alertBounds('move', '5', '200')
    expect(b.above && Number(b.above)).toBe(210)
    expect(b.below && Number(b.below)).toBe(190)
    expect(alertHit(b, '209.9')).toBe(false)
    expect(alertHit(b, '190.1')).toBe(false)
    expect(alertHit(b, '210')).toBe(true)
    expect(alertHit(b, '189')).toBe(true)
  })
})
