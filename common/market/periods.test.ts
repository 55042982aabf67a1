import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bucketStart, nextBucket, PERIODS } from './periods'

const H = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('candle boundaries in Asia/Shanghai', () => {
  // 2024-03-10T15:59:59Z is 23:59:59 local on Sunday 10 March; one second later is Monday 11 March.
  const beforeMidnight = Date.UTC(2024, 2, 10, 15, 59, 59)
  const afterMidnight = beforeMidnight + 1000

  it('days open at local midnight (16:00 UTC)', () => {
    expect(iso(bucketStart(beforeMidnight, '1D'))).toBe('2024-03-09T16:00:00.000Z')
    expect(iso(bucketStart(afterMidnight, '1D'))).toBe('2024-03-10T16:00:00.000Z')
  })
  it('weeks open on Monday 00:00 local', () => {
    expect(iso(bucketStart(beforeMidnight, '1W'))).toBe('2024-03-03T16:00:00.000Z')
    expect(iso(bucketStart(afterMidnight, '1W'))).toBe('2024-03-10T16:00:00.000Z')
  })
  it('months open on the 1st 00:00 local, across year ends and leap days', () => {
    expect(iso(bucketStart(Date.UTC(2024, 1, 29, 15, 59), '1M'))).toBe('2024-01-31T16:00:00.000Z')
    expect(iso(bucketStart(Date.UTC(2024, 1, 29, 16, 0), '1M'))).toBe('2024-02-29T16:00:00.000Z')
    expect(iso(bucketStart(Date.UTC(2023, 11, 31, 16, 30), '1M'))).toBe('2023-12-31T16:00:00.000Z')
    expect(iso(nextBucket(Date.UTC(2023, 11, 31, 16), '1M'))).toBe('2024-01-31T16:00:00.000Z')
  })
  it('4h candles follow local time: 00:00, 04:00 ... local', () => {
    expect(iso(bucketStart(Date.UTC(2024, 2, 10, 16, 30), '4h'))).toBe('2024-03-10T16:00:00.000Z')
    expect(iso(bucketStart(Date.UTC(2024, 2, 10, 19, 59), '4h'))).toBe('2024-03-10T16:00:00.000Z')
    expect(iso(bucketStart(Date.UTC(2024, 2, 10, 20, 0), '4h'))).toBe('2024-03-10T20:00:00.000Z')
  })
  it('minute periods are plain multiples', () => {
    const t = Date.UTC(2024, 2, 10, 12, 17, 31)
    expect(iso(bucketStart(t, '1m'))).toBe('2024-03-10T12:17:00.000Z')
    expect(iso(bucketStart(t, '5m'))).toBe('2024-03-10T12:15:00.000Z')
    expect(iso(bucketStart(t, '15m'))).toBe('2024-03-10T12:15:00.000Z')
    expect(iso(bucketStart(t, '30m'))).toBe('2024-03-10T12:00:00.000Z')
    expect(iso(bucketStart(t, '1h'))).toBe('2024-03-10T12:00:00.000Z')
  })
  it('other zones: a day in UTC and in New York (with daylight saving)', () => {
    const t = Date.UTC(2024, 2, 10, 15, 59, 59)
    expect(iso(bucketStart(t, '1D', 'UTC'))).toBe('2024-03-10T00:00:00.000Z')
    // 10 March 2024 is the US spring-forward day: midnight is still EST (-5 h).
    expect(iso(bucketStart(t, '1D', 'America/New_York'))).toBe('2024-03-10T05:00:00.000Z')
    expect(iso(nextBucket(Date.UTC(2024, 2, 10, 5), '1D', 'America/New_York'))).toBe(
      '2024-03-11T04:00:00.000Z',
    )
  })

  it('property: every instant lies in [start, next) of its bucket, and buckets are idempotent', () => {
    const range = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
    fc.assert(
      fc.property(range, fc.constantFrom(...PERIODS), (ts, p) => {
        const start = bucketStart(ts, p)
        const next = nextBucket(start, p)
        expect(start).toBeLessThanOrEqual(ts)
        expect(ts).toBeLessThan(next)
        expect(bucketStart(start, p)).toBe(start)
        expect(bucketStart(next, p)).toBe(next)
        expect(next - start).toBeGreaterThanOrEqual(60_000)
        expect(next - start).toBeLessThanOrEqual(31 * 24 * H)
      }),
      { numRuns: 500 },
    )
  })
})
