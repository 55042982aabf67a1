import { describe, expect, it } from 'vitest'
import {
  addDays,
  applySnapshot,
  dayOf,
  daysLeft,
  discounted,
  feeFactor,
  inDailyWindow,
  maskId,
  maskName,
  miningLevel,
  NO_VIP,
  nextTier,
  rankFor,
  rebateOf,
  shareOf,
  tierFor,
  type VipState,
} from './rules'

const run = (start: VipState, days: [string, string][]) =>
  days.reduce((s, [d, a]) => applySnapshot(s, d, a), start)

describe('VIP tiers', () => {
  it('maps total assets to Gold, Diamond and Premium at 300k, 1M and 3M USDT', () => {
    expect(tierFor('299999.99')).toBe('none')
    expect(tierFor('300000')).toBe('gold')
    expect(tierFor('999999')).toBe('gold')
    expect(tierFor('1000000')).toBe('diamond')
    expect(tierFor('3000000')).toBe('premium')
  })

  it('upgrades at the next snapshot and keeps the fee for 6 days below, cancelling it on the 7th, across a month end', () => {
    let s = applySnapshot(NO_VIP, '2026-01-25', '1200000')
    expect(s).toEqual({ tier: 'diamond', shortfallDays: 0, lastDay: '2026-01-25' })
    const below = ['2026-01-26', '2026-01-27', '2026-01-28', '2026-01-29', '2026-01-30', '2026-01-31']
    for (const [i, d] of below.entries()) {
      s = applySnapshot(s, d, '400000')
      expect(s.tier).toBe('diamond')
      expect(daysLeft(s)).toBe(7 - (i + 1))
    }
    s = applySnapshot(s, '2026-02-01', '400000')
    expect(s).toEqual({ tier: 'gold', shortfallDays: 0, lastDay: '2026-02-01' })
    expect(daysLeft(s)).toBeNull()
  })

  it('a qualifying day resets the count, and a missed day counts as below (year end)', () => {
    const s = run(NO_VIP, [
      ['2026-12-26', '300000'],
      ['2026-12-27', '10'],
      ['2026-12-28', '10'],
      ['2026-12-29', '300001'],
      ['2026-12-30', '10'],
    ])
    expect(s).toMatchObject({ tier: 'gold', shortfallDays: 1 })
    // Next snapshot 6 days later (5 missed days + 1): 7 in all, the fee ends.
    expect(applySnapshot(s, '2027-01-05', '10')).toMatchObject({ tier: 'none', shortfallDays: 0 })
    // A repeated or older day changes nothing (idempotent).
    expect(applySnapshot(s, '2026-12-30', '5000000')).toBe(s)
  })

  it('is a pure function of the snapshots in February of a leap year', () => {
    const days: [string, string][] = []
    for (let i = 0; i < 10; i++) days.push([addDays('2028-02-24', i), i === 0 ? '3000000' : '0'])
    expect(days.map(([d]) => d)).toContain('2028-02-29')
    const s = run(NO_VIP, days)
    expect(s.tier).toBe('none')
    expect(run(NO_VIP, days.slice(0, 7)).tier).toBe('premium')
    expect(run(NO_VIP, days.slice(0, 8)).tier).toBe('none')
  })

  it('days and the daily window are in UTC+8', () => {
    expect(dayOf(Date.parse('2026-01-31T16:00:00Z'))).toBe('2026-02-01')
    expect(dayOf(Date.parse('2026-01-31T15:59:59Z'))).toBe('2026-01-31')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(inDailyWindow(Date.parse('2026-01-31T16:30:00Z'))).toBe(true)
    expect(inDailyWindow(Date.parse('2026-02-01T00:00:00Z'))).toBe(false)
  })

  it('discounts fee rates by the tier, never above the rate, and names the next tier', () => {
    expect(feeFactor('none')).toBe('1')
    expect(discounted('0.001', feeFactor('gold'))).toBe('0.0008')
    expect(discounted('0.0005', feeFactor('premium'))).toBe('0.00025')
    expect(nextTier('none', '100')).toEqual({ tier: 'gold', minAssets: '300000' })
    expect(nextTier('gold', '1500000')).toEqual({ tier: 'premium', minAssets: '3000000' })
    expect(nextTier('premium', '5000000')).toBeNull()
  })
})

describe('rebates and ranks', () => {
  it('pays the rank share of the fee, rounded down, never more than the fee', () => {
    expect(shareOf('ordinary')).toBe('0.2')
    expect(rebateOf('3', shareOf('ordinary'), 8)).toBe('0.6')
    expect(rebateOf('0.00000003', '0.2', 8)).toBe('0')
    expect(rebateOf('1.23456789', '0.3', 4)).toBe('0.3703')
    expect(() => rebateOf('1', '1.5', 8)).toThrow()
  })

  it('earns partner ranks by active invitees and volume, or keeps a higher granted one', () => {
    expect(rankFor(0, '0')).toBe('ordinary')
    expect(rankFor(5, '99999')).toBe('ordinary')
    expect(rankFor(5, '100000')).toBe('partner1')
    expect(rankFor(60, '20000000')).toBe('partner3')
    expect(rankFor(5, '100000', 'partner2')).toBe('partner2')
    expect(rankFor(60, '20000000', 'partner1')).toBe('partner3')
  })

  it('masks ids and names', () => {
    expect(maskId('123456789')).toBe('12****89')
    expect(maskName('alice')).toBe('a***e')
    expect(maskName('李')).toBe('李*')
  })
})

describe('mining level', () => {
  it('counts staked value / 100 plus 30-day volume / 10,000 against the level points', () => {
    expect(miningLevel('0', '0')).toEqual({ level: 0, points: '0' })
    expect(miningLevel('1000', '0')).toEqual({ level: 1, points: '10' })
    expect(miningLevel('5000', '500000')).toEqual({ level: 2, points: '100' })
    expect(miningLevel('0', '1000000000')).toEqual({ level: 5, points: '100000' })
  })
})
