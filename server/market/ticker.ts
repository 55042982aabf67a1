import type { SeriesTicker } from '@common/market/types'
import { pctChange } from '@common/money/decimal'
import { fromUnitsFixed } from '@common/money/units'
import { TURNOVER_DP, type UnitCandle } from './candles'

const DAY_MS = 24 * 3600 * 1000
const MIN_MS = 60_000

/**
 * The rolling 24-hour statistics of one instrument, from one-minute buckets. The window holds
 * the minutes that started within the last 24 hours; its open is the first price in it.
 * Incremental: running sums for volume and turnover, and monotonic queues for the high and the
 * low, so a tick costs O(1) (amortized) instead of a scan of 1,440 buckets.
 */
export class TickerWindow {
  /** The minutes in the window, oldest first. */
  private minutes: UnitCandle[] = []
  private volume = 0
  private turnover = 0
  /** Window minutes whose high no later minute reaches (highs strictly decreasing); the first is the max. */
  private highs: UnitCandle[] = []
  /** Likewise for lows (strictly increasing); the first is the min. */
  private lows: UnitCandle[] = []
  private last: number | null = null
  private lastTs = 0

  constructor(
    readonly symbol: string,
    private readonly pricePrecision: number,
    private readonly amountPrecision: number,
  ) {}

  /** Seed from stored one-minute candles (ascending). */
  load(candles: readonly UnitCandle[]): void {
    this.minutes = candles.map((c) => ({ ...c }))
    this.rebuild()
    const lastCandle = candles[candles.length - 1]
    if (lastCandle) {
      this.last = lastCandle.c
      this.lastTs = lastCandle.t
    }
  }

  /** Fold in the current one-minute candle (replacing the bucket with the same start). */
  update(minute: UnitCandle, ts: number): void {
    const tail = this.minutes[this.minutes.length - 1]
    const next = { ...minute }
    if (tail && tail.t === minute.t) {
      this.minutes[this.minutes.length - 1] = next
      this.volume += next.v - tail.v
      this.turnover += next.q - tail.q
      // The newest minute is always last in both queues. A live minute's high only rises and its
      // low only falls, so what it displaced stays displaced; otherwise rebuild the queues.
      if (next.h < tail.h || next.l > tail.l) this.rebuild()
      else {
        this.highs.pop()
        this.lows.pop()
        this.push(next)
      }
    } else if (!tail || minute.t > tail.t) {
      this.minutes.push(next)
      this.volume += next.v
      this.turnover += next.q
      this.push(next)
    }
    this.last = minute.c
    this.lastTs = ts
  }

  lastPrice(): number | null {
    return this.last
  }

  private push(m: UnitCandle): void {
    while (this.highs.length && (this.highs[this.highs.length - 1] as UnitCandle).h <= m.h) this.highs.pop()
    this.highs.push(m)
    while (this.lows.length && (this.lows[this.lows.length - 1] as UnitCandle).l >= m.l) this.lows.pop()
    this.lows.push(m)
  }

  private rebuild(): void {
    this.volume = 0
    this.turnover = 0
    this.highs = []
    this.lows = []
    for (const m of this.minutes) {
      this.volume += m.v
      this.turnover += m.q
      this.push(m)
    }
  }

  /** Drops the minutes that started before `from`. */
  private evict(from: number): void {
    let drop = 0
    while (drop < this.minutes.length && (this.minutes[drop] as UnitCandle).t < from) {
      const m = this.minutes[drop] as UnitCandle
      this.volume -= m.v
      this.turnover -= m.q
      if (this.highs[0] === m) this.highs.shift()
      if (this.lows[0] === m) this.lows.shift()
      drop++
    }
    if (drop) this.minutes = this.minutes.slice(drop)
  }

  snapshot(now: number): SeriesTicker | null {
    if (this.last === null) return null
    this.evict(Math.floor((now - DAY_MS) / MIN_MS) * MIN_MS + MIN_MS)
    const pp = this.pricePrecision
    const last = this.last
    const first = this.minutes[0]
    if (!first) {
      const p = fromUnitsFixed(last, pp)
      return {
        symbol: this.symbol,
        last: p,
        open: p,
        high: p,
        low: p,
        change: '0.00',
        volume: '0',
        turnover: '0',
        ts: this.lastTs,
      }
    }
    const high = Math.max(last, (this.highs[0] as UnitCandle).h)
    const low = Math.min(last, (this.lows[0] as UnitCandle).l)
    const openText = fromUnitsFixed(first.o, pp)
    const lastText = fromUnitsFixed(last, pp)
    return {
      symbol: this.symbol,
      last: lastText,
      open: openText,
      high: fromUnitsFixed(high, pp),
      low: fromUnitsFixed(low, pp),
      change: pctChange(openText, lastText, 2) ?? '0.00',
      volume: fromUnitsFixed(this.volume, this.amountPrecision),
      turnover: fromUnitsFixed(this.turnover, TURNOVER_DP),
      ts: this.lastTs,
    }
  }
}
