import type { Ticker } from '@common/market/types'
import { fromUnits } from '@common/market/units'
import { pctChange } from '@common/money/decimal'
import { TURNOVER_DP, type UnitCandle } from './candles'

const DAY_MS = 24 * 3600 * 1000
const MIN_MS = 60_000

/**
 * The rolling 24-hour statistics of one instrument, from one-minute buckets. The window holds
 * the minutes that started within the last 24 hours; its open is the first price in it.
 */
export class TickerWindow {
  private minutes: UnitCandle[] = []
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
    const lastCandle = candles[candles.length - 1]
    if (lastCandle) {
      this.last = lastCandle.c
      this.lastTs = lastCandle.t
    }
  }

  /** Fold in the current one-minute candle (replacing the bucket with the same start). */
  update(minute: UnitCandle, ts: number): void {
    const tail = this.minutes[this.minutes.length - 1]
    if (tail && tail.t === minute.t) this.minutes[this.minutes.length - 1] = { ...minute }
    else if (!tail || minute.t > tail.t) this.minutes.push({ ...minute })
    this.last = minute.c
    this.lastTs = ts
  }

  lastPrice(): number | null {
    return this.last
  }

  snapshot(now: number): Ticker | null {
    if (this.last === null) return null
    const from = Math.floor((now - DAY_MS) / MIN_MS) * MIN_MS + MIN_MS
    let drop = 0
    while (drop < this.minutes.length && (this.minutes[drop] as UnitCandle).t < from) drop++
    if (drop) this.minutes = this.minutes.slice(drop)
    const pp = this.pricePrecision
    const last = this.last
    if (this.minutes.length === 0) {
      const p = fromUnits(last, pp)
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
    let high = last
    let low = last
    let volume = 0
    let turnover = 0
    for (const m of this.minutes) {
      if (m.h > high) high = m.h
      if (m.l < low) low = m.l
      volume += m.v
      turnover += m.q
    }
    const open = (this.minutes[0] as UnitCandle).o
    const openText = fromUnits(open, pp)
    const lastText = fromUnits(last, pp)
    return {
      symbol: this.symbol,
      last: lastText,
      open: openText,
      high: fromUnits(high, pp),
      low: fromUnits(low, pp),
      change: pctChange(openText, lastText, 2) ?? '0.00',
      volume: fromUnits(volume, this.amountPrecision),
      turnover: fromUnits(turnover, TURNOVER_DP),
      ts: this.lastTs,
    }
  }
}
