import type { SeriesTicker as Ticker } from '@common/market/types'
import { pctChange } from '@common/money/decimal'
import { fromUnitsFixed } from '@common/money/units'
import { describe, expect, it } from 'vitest'
import { TURNOVER_DP, type UnitCandle } from './candles'
import { createRng } from './prng'
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

  it('matches a full rescan of the window over days of random ticks, corrections and quiet spells', () => {
    const pp = 2
    const ap = 4
    const w = new TickerWindow('X', pp, ap)
    const rng = createRng('ticker-window')
    // The reference: every minute kept, the 24 h window rescanned on each snapshot.
    let minutes: UnitCandle[] = []
    let last: number | null = null
    let lastTs = 0
    const naive = (now: number): Ticker | null => {
      if (last === null) return null
      const from = Math.floor((now - 24 * 60 * MIN) / MIN) * MIN + MIN
      const inside = minutes.filter((m) => m.t >= from)
      const p = (u: number) => fromUnitsFixed(u, pp)
      if (inside.length === 0)
        return {
          symbol: 'X',
          last: p(last),
          open: p(last),
          high: p(last),
          low: p(last),
          change: '0.00',
          volume: '0',
          turnover: '0',
          ts: lastTs,
        }
      const open = (inside[0] as UnitCandle).o
      return {
        symbol: 'X',
        last: p(last),
        open: p(open),
        high: p(Math.max(last, ...inside.map((m) => m.h))),
        low: p(Math.min(last, ...inside.map((m) => m.l))),
        change: pctChange(p(open), p(last), 2) ?? '0.00',
        volume: fromUnitsFixed(
          inside.reduce((a, m) => a + m.v, 0),
          ap,
        ),
        turnover: fromUnitsFixed(
          inside.reduce((a, m) => a + m.q, 0),
          TURNOVER_DP,
        ),
        ts: lastTs,
      }
    }
    const seed = [0, 1, 2].map((i) => ({
      t: NOW - (3 - i) * 600 * MIN,
      o: 500,
      h: 900,
      l: 100,
      c: 400,
      v: 7,
      q: 30,
    }))
    w.load(seed)
    minutes = seed.map((c) => ({ ...c }))
    last = 400
    lastTs = (seed[2] as UnitCandle).t
    let now = NOW
    let price = 10_000
    let live = null as UnitCandle | null
    let snapshots = 0
    for (let i = 0; i < 20_000; i++) {
      // Mostly seconds apart, sometimes a quiet hour or a quiet day.
      const r = rng.next()
      now += r < 0.001 ? 25 * 60 * MIN : r < 0.01 ? 60 * MIN : Math.floor(rng.next() * 20_000)
      price = Math.max(1, price + Math.round(rng.normal() * 40))
      const t = Math.floor(now / MIN) * MIN
      const v = 1 + Math.floor(rng.next() * 500)
      const prev: UnitCandle | null = live
      live =
        prev && prev.t === t
          ? {
              ...prev,
              h: Math.max(prev.h, price),
              l: Math.min(prev.l, price),
              c: price,
              v: prev.v + v,
              q: prev.q + v * 3,
            }
          : { t, o: price, h: price, l: price, c: price, v, q: v * 3 }
      // Now and then a bad print (a spike both ways) corrected at once: the live minute's high
      // falls back and its low rises back, below and above what earlier minutes reached.
      if (rng.next() < 0.003) w.update({ ...live, h: live.h * 100, l: 1 }, now)
      w.update(live, now)
      const tail = minutes[minutes.length - 1]
      if (tail && tail.t === live.t) minutes[minutes.length - 1] = { ...live }
      else minutes.push({ ...live })
      last = live.c
      lastTs = now
      if (rng.next() < 0.3) {
        expect(w.snapshot(now)).toEqual(naive(now))
        snapshots++
      }
    }
    expect(snapshots).toBeGreaterThan(5000)
  })
})
