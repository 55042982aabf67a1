import { describe, expect, it } from 'vitest'
import { TickerWindow } from './ticker'

const MIN = 60_000
const NOW = Date.UTC(2024, 2, 10, 12, 0, 30)

describe('24 h ticker', () => {
  it('has no ticker before the first price', () => {
    expect(new TickerWindow('X', 2, 2).snapshot(NOW)).toBeNull()
  })

  it('computes last, open, change, high, low, volume and turnover over the last 24 hours', () => {
    const w = new TickerWindow('BTCUSDT', 2, 4)
    const dayAgo = Math.floor((NOW - 24 * 60 * MIN) / MIN) * MIN
    w.load([
      // Outside the window: its extremes must not count.
      { t: dayAgo, o: 1, h: 999_999_99, l: 1, c: 100_00, v: 50_000, q: 1 },
      { t: dayAgo + MIN, o: 100_00, h: 120_00, l: 90_00, c: 110_00, v: 1_0000, q: 110_00 },
      { t: NOW - 10 * MIN, o: 110_00, h: 130_00, l: 105_00, c: 125_00, v: 2_0000, q: 250_00 },
    ])
    w.update(
      { t: Math.floor(NOW / MIN) * MIN, o: 125_00, h: 125_00, l: 124_00, c: 124_00, v: 5000, q: 62_00 },
      NOW,
    )
    expect(w.snapshot(NOW)).toEqual({
      symbol: 'BTCUSDT',
      last: '124.00',
      open: '100.00',
      high: '130.00',
      low: '90.00',
      change: '24.00',
      volume: '3.5000',
      turnover: '422.00',
      ts: NOW,
    })
  })

  it('reports a fall with a negative change and replaces the current minute in place', () => {
    const w = new TickerWindow('X', 3, 0)
    const m = Math.floor(NOW / MIN) * MIN
    w.update({ t: m - MIN, o: 2000, h: 2000, l: 2000, c: 2000, v: 1, q: 200 }, NOW - MIN)
    w.update({ t: m, o: 2000, h: 2000, l: 1900, c: 1950, v: 1, q: 195 }, NOW)
    w.update({ t: m, o: 2000, h: 2000, l: 1900, c: 1900, v: 2, q: 390 }, NOW)
    expect(w.snapshot(NOW)).toMatchObject({
      last: '1.900',
      open: '2.000',
      change: '-5.00',
      volume: '3',
      turnover: '5.90',
    })
  })

  it('with nothing traded in 24 h, shows the last price flat', () => {
    const w = new TickerWindow('X', 2, 2)
    w.load([{ t: NOW - 3 * 24 * 60 * MIN, o: 5, h: 9, l: 1, c: 7, v: 3, q: 4 }])
    expect(w.snapshot(NOW)).toMatchObject({
      last: '0.07',
      open: '0.07',
      high: '0.07',
      change: '0.00',
      volume: '0',
    })
  })
})
