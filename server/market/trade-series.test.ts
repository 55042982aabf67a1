import { describe, expect, it } from 'vitest'
import type { UnitCandle } from './candles'
import { flatFilled, rangeStart } from './trade-series'

const MIN = 60_000
const TZ = 'Asia/Shanghai'
const c = (t: number, price: number, v: number): UnitCandle => ({
  t,
  o: price,
  h: price,
  l: price,
  c: price,
  v,
  q: 0,
})

describe('the chart rule for a market’s own trades', () => {
  it('draws each period without a trade flat at the last price, and nothing before the first trade', () => {
    const t0 = 100 * MIN
    const traded = new Map([
      [t0 + MIN, c(t0 + MIN, 500, 3)],
      [t0 + 4 * MIN, c(t0 + 4 * MIN, 520, 1)],
    ])
    const out = flatFilled(traded, null, '1m', TZ, t0, t0 + 6 * MIN)
    expect(out.map((k) => [k.t - t0, k.c, k.v])).toEqual([
      [MIN, 500, 3],
      [2 * MIN, 500, 0],
      [3 * MIN, 500, 0],
      [4 * MIN, 520, 1],
      [5 * MIN, 520, 0],
    ])
    // A flat period has one price and no volume.
    expect(out[1]).toEqual({ t: t0 + 2 * MIN, o: 500, h: 500, l: 500, c: 500, v: 0, q: 0 })
  })

  it('starts a range at the close of the last candle before it', () => {
    const t0 = 100 * MIN
    const out = flatFilled(new Map(), c(t0 - 7 * MIN, 42, 9), '1m', TZ, t0, t0 + 2 * MIN)
    expect(out.map((k) => [k.t, k.c, k.v])).toEqual([
      [t0, 42, 0],
      [t0 + MIN, 42, 0],
    ])
  })

  it('counts the requested number of periods back, calendar periods included', () => {
    const now = Date.UTC(2026, 10, 27, 10, 30)
    expect(rangeStart(now, '1h', TZ, 3)).toBe(Date.UTC(2026, 10, 27, 8))
    // Days open at midnight in Asia/Shanghai (16:00 UTC the day before).
    expect(rangeStart(now, '1D', TZ, 2)).toBe(Date.UTC(2026, 10, 25, 16))
  })
})
