import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, gte, mul } from '../money/decimal'
import { fromBigUnits } from '../money/units'
import {
  DAY_MS,
  dailyRateOf,
  dailyReward,
  daysElapsed,
  dueDays,
  endOf,
  expectedReward,
  stakeRefusal,
} from './staking'

describe('staking accrual', () => {
  it('derives the daily reward from an annual or a daily rate, rounded down', () => {
    expect(dailyReward('1000', '0.05', 'annual', 6)).toBe('0.136986')
    expect(dailyReward('1000', '0.0003', 'daily', 6)).toBe('0.3')
    expect(dailyReward('0.001', '0.03', 'annual', 8)).toBe('0.00000008')
    expect(dailyReward('1', '0.0001', 'annual', 2)).toBe('0')
    expect(dailyRateOf('0.365', 'annual')).toBe('0.001')
    expect(expectedReward('0.136986', 7)).toBe('0.958902')
  })

  it('counts whole days, capped at the cycle', () => {
    const start = 1_000_000
    expect(daysElapsed(start, start, 7)).toBe(0)
    expect(daysElapsed(start, start + DAY_MS - 1, 7)).toBe(0)
    expect(daysElapsed(start, start + DAY_MS, 7)).toBe(1)
    expect(daysElapsed(start, start + 100 * DAY_MS, 7)).toBe(7)
    expect(endOf(start, 7)).toBe(start + 7 * DAY_MS)
    expect(dueDays(2, 5)).toEqual([3, 4, 5])
    expect(dueDays(5, 5)).toEqual([])
  })

  it('refuses out of range, over quota and uncovered orders', () => {
    const base = {
      min: '100',
      max: '1000',
      quota: '5000',
      staked: '0',
      expected: '10',
      pool: '100',
      owed: '0',
    }
    expect(stakeRefusal({ ...base, amount: '99.99' })).toBe('below_min')
    expect(stakeRefusal({ ...base, amount: '1000.01' })).toBe('above_max')
    expect(stakeRefusal({ ...base, amount: '500', staked: '4600' })).toBe('quota')
    expect(stakeRefusal({ ...base, amount: '500', owed: '90.01' })).toBe('pool')
    expect(stakeRefusal({ ...base, amount: '500', owed: '90' })).toBeNull()
  })

  it('property: paying every day pays exactly the expected reward, never more than amount x rate x days', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom<'annual' | 'daily'>('annual', 'daily'),
        (amountU, rateBp, days, kind) => {
          const amount = fromBigUnits(amountU, 6)
          const rate = fromBigUnits(BigInt(rateBp), kind === 'annual' ? 4 : 6)
          const daily = dailyReward(amount, rate, kind, 6)
          let paid = '0'
          for (const _ of dueDays(0, daysElapsed(0, days * DAY_MS + 5, days))) paid = add(paid, daily)
          expect(paid).toBe(expectedReward(daily, days))
          const exact = mul(mul(amount, dailyRateOf(rate, kind)), String(days))
          expect(gte(exact, paid)).toBe(true)
        },
      ),
      { numRuns: 200 },
    )
  })
})
