import { describe, expect, it } from 'vitest'
import { shareOf, validNum } from './ticket'

describe('order form sizes', () => {
  it('takes a share of a maximum, rounded down', () => {
    expect(shareOf('0.199800', 25, 6)).toBe('0.049950')
    expect(shareOf('0.5', 75, 6)).toBe('0.375000')
    expect(shareOf('0.000003', 50, 6)).toBe('0.000001')
  })

  it('accepts only positive decimals as typed', () => {
    expect(validNum('0.01')).toBe(true)
    expect(validNum('0')).toBe(false)
    expect(validNum('1.')).toBe(false)
    expect(validNum(undefined)).toBe(false)
  })
})
