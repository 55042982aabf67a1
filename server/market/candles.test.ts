import { bucketStart, PERIODS } from '@common/market/periods'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aggregate, CandleBuilder, toWire, turnoverUnits, type UnitCandle } from './candles'

const TZ = 'Asia/Shanghai'
const MIN = 60_000

describe('turnover units', () => {
  it('multiplies price and volume into cents, rounding half up', () => {
    // 65000.12 x 0.5 = 32500.06
    expect(turnoverUnits(6500012, 500000, 2, 6)).toBe(3250006)
    // 0.00002512 x 1000001 = 25.12002512 -> 25.12
    expect(turnoverUnits(2512, 1000001, 8, 0)).toBe(2512)
    // 155.125 x 0.01 = 1.55125 -> 1.55
    expect(turnoverUnits(155125, 1, 3, 2)).toBe(155)
    // 12 x 3 with no decimals = 36.00
    expect(turnoverUnits(12, 3, 0, 0)).toBe(3600)
    // Large values go through BigInt
    expect(turnoverUnits(9_000_000_000, 9_000_000_000, 2, 6)).toBe(81_000_000_000_000)
  })
})

describe('candle builder', () => {
  // 2024-03-10 15:59:30 UTC = 23:59:30 Sunday in Shanghai.
  const t0 = Date.UTC(2024, 2, 10, 15, 59, 30)

  it('builds OHLCV in every period and rolls over at local midnight, Monday and the hour', () => {
    const b = new CandleBuilder(2, 4, TZ)
    b.tick(t0, 100, 1)
    b.tick(t0 + 10_000, 105, 2)
    const before = b.tick(t0 + 20_000, 95, 3)
    const day = before.find((u) => u.period === '1D')?.candle as UnitCandle
    expect(day).toMatchObject({ t: Date.UTC(2024, 2, 9, 16), o: 100, h: 105, l: 95, c: 95, v: 6 })
    const after = b.tick(t0 + 30_000, 97, 1) // exactly 00:00 Monday local
    for (const p of ['1m', '5m', '15m', '30m', '1h', '4h', '1D', '1W'] as const) {
      const c = after.find((u) => u.period === p)?.candle as UnitCandle
      expect(c.t, p).toBe(Date.UTC(2024, 2, 10, 16))
      // Opens at the previous close.
      expect(c).toMatchObject({ o: 95, h: 97, l: 95, c: 97, v: 1 })
    }
    const month = after.find((u) => u.period === '1M')?.candle as UnitCandle
    expect(month.t).toBe(Date.UTC(2024, 1, 29, 16))
    expect(month).toMatchObject({ o: 100, h: 105, l: 95, c: 97, v: 7 })
  })

  it('ignores ticks older than the current candle', () => {
    const b = new CandleBuilder(2, 4, TZ)
    b.tick(t0, 100, 1)
    expect(b.tick(t0 - 10 * MIN, 1, 1)).toEqual([])
  })

  it('property: live building equals aggregating its own one-minute candles', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 400_000 }),
            fc.integer({ min: 1, max: 1e6 }),
            fc.integer({ min: 0, max: 1e6 }),
          ),
          {
            minLength: 1,
            maxLength: 200,
          },
        ),
        fc.integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2026, 0, 1) }),
        (steps, start) => {
          const b = new CandleBuilder(2, 4, TZ)
          const minutes: UnitCandle[] = []
          const last = new Map<string, UnitCandle>()
          let ts = start
          for (const [dt, price, vol] of steps) {
            ts += dt * 60 // up to ~6.7 h between ticks
            for (const u of b.tick(ts, price, vol)) {
              if (u.period === '1m') {
                if (minutes.at(-1)?.t === u.candle.t) minutes[minutes.length - 1] = u.candle
                else minutes.push(u.candle)
              }
              last.set(u.period, u.candle)
            }
          }
          for (const p of PERIODS) {
            const agg = aggregate(minutes, p, TZ).at(-1) as UnitCandle
            const live = last.get(p) as UnitCandle
            expect(live.t).toBe(bucketStart(ts, p, TZ))
            expect(agg.t).toBe(live.t)
            expect([agg.h, agg.l, agg.c, agg.v, agg.q]).toEqual([live.h, live.l, live.c, live.v, live.q])
            expect(live.l).toBeLessThanOrEqual(Math.min(live.o, live.c))
            expect(live.h).toBeGreaterThanOrEqual(Math.max(live.o, live.c))
          }
        },
      ),
      { numRuns: 100 },
    )
  })
})

describe('aggregation', () => {
  it('rolls one-minute candles into 4h and days across the Shanghai midnight', () => {
    const start = Date.UTC(2024, 2, 10, 15, 58)
    const ms = [0, 1, 2, 3].map((i) => ({
      t: start + i * MIN,
      o: 10 + i,
      h: 20 + i,
      l: 5 + i,
      c: 11 + i,
      v: 1,
      q: 2,
    }))
    const days = aggregate(ms, '1D', TZ)
    expect(days).toEqual([
      { t: Date.UTC(2024, 2, 9, 16), o: 10, h: 21, l: 5, c: 12, v: 2, q: 4 },
      { t: Date.UTC(2024, 2, 10, 16), o: 12, h: 23, l: 7, c: 14, v: 2, q: 4 },
    ])
    expect(aggregate(ms, '4h', TZ).map((c) => c.t)).toEqual([
      Date.UTC(2024, 2, 10, 12),
      Date.UTC(2024, 2, 10, 16),
    ])
    expect(aggregate(ms, '1D', 'UTC')).toHaveLength(1)
  })

  it('formats as decimal strings', () => {
    expect(
      toWire({ t: 1, o: 6500012, h: 6500100, l: 6499900, c: 6500000, v: 1500000, q: 9750018 }, 2, 6),
    ).toEqual({
      t: 1,
      o: '65000.12',
      h: '65001.00',
      l: '64999.00',
      c: '65000.00',
      v: '1.500000',
      q: '97500.18',
    })
  })
})
