import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, div, sum } from '../money/decimal'
import { fundingPayments, fundingRate, lastFundingAt, nextFundingAt, premiumOf } from './funding'

describe('funding', () => {
  it('runs at 00:00, 08:00 and 16:00 UTC+8', () => {
    const t = Date.parse('2026-11-23T12:51:00Z') // 20:51 UTC+8
    expect(new Date(nextFundingAt(t)).toISOString()).toBe('2026-11-23T16:00:00.000Z') // 00:00 UTC+8
    expect(new Date(lastFundingAt(t)).toISOString()).toBe('2026-11-23T08:00:00.000Z') // 16:00 UTC+8
    const at = Date.parse('2026-11-24T00:00:00Z')
    expect(nextFundingAt(at)).toBe(at + 8 * 3600_000)
    expect(lastFundingAt(at)).toBe(at)
  })

  it('premium from the mid, and the rate rule of the reference', () => {
    expect(premiumOf('99', '101', '100')).toBe('0')
    expect(premiumOf('100', '102', '100')).toBe('0.01')
    expect(premiumOf(null, '102', '100')).toBeNull()
    expect(fundingRate([], '0.004')).toBe('0.0001')
    expect(fundingRate(['0.0004'], '0.004')).toBe('0.0001')
    expect(fundingRate(['0.001'], '0.004')).toBe('0.0005')
    expect(fundingRate(['-0.002'], '0.004')).toBe('-0.0015')
    // Capped at 0.75 x MMR.
    expect(fundingRate(['0.05'], '0.004')).toBe('0.003')
    expect(fundingRate(['-0.05'], '0.004')).toBe('-0.003')
  })

  it('example: long 0.1 BTC at mark 50,000, F 0.01 % pays 0.5', () => {
    const { lines, dust } = fundingPayments(
      [
        { key: 'a', side: 'long', qty: '0.1' },
        { key: 'b', side: 'short', qty: '0.1' },
      ],
      '0.0001',
      '50000',
      6,
    )
    expect(lines).toEqual([
      { key: 'a', amount: '-0.5' },
      { key: 'b', amount: '0.5' },
    ])
    expect(dust).toBe('0')
  })

  it('payments plus dust sum to zero and the dust is never negative (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 ** 7 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 10 ** 7 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (longs, shortsRaw, rateE7, markE2) => {
          // Equal long and short quantities, as every fill makes.
          const lsum = longs.reduce((x, y) => x + y, 0)
          const ssum = shortsRaw.reduce((x, y) => x + y, 0)
          const ls = lsum < ssum ? [...longs, ssum - lsum] : longs
          const ss = ssum < lsum ? [...shortsRaw, lsum - ssum] : shortsRaw
          const q = (n: number) => div(String(n), '1000', 3)
          const holders = [
            ...ls.map((n, i) => ({ key: `l${i}`, side: 'long' as const, qty: q(n) })),
            ...ss.map((n, i) => ({ key: `s${i}`, side: 'short' as const, qty: q(n) })),
          ]
          const rate = (rateE7 / 1e7).toFixed(7)
          const { lines, dust } = fundingPayments(holders, rate, (markE2 / 100).toFixed(2), 6)
          const net = add(sum(lines.map((l) => l.amount)), dust)
          return net === '0' && !dust.startsWith('-')
        },
      ),
    )
  })
})
