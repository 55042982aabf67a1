import { bucketStart, nextBucket, PERIODS, type Period } from '@common/market/periods'
import type { Candle } from '@common/market/types'
import { fromUnitsFixed } from '@common/money/units'

/** Turnover is kept in hundredths of the quote currency. */
export const TURNOVER_DP = 2

/** A candle in integer units: prices at the instrument's price precision, volume at its amount precision. */
export interface UnitCandle {
  t: number
  o: number
  h: number
  l: number
  c: number
  v: number
  q: number
}

/** price x volume in hundredths of the quote currency, rounded half up, exact for any size. */
export function turnoverUnits(
  price: number,
  volume: number,
  pricePrecision: number,
  amountPrecision: number,
): number {
  const shift = pricePrecision + amountPrecision - TURNOVER_DP
  const product = price * volume
  if (Number.isSafeInteger(product) && shift <= 15) {
    if (shift <= 0) return product * 10 ** -shift
    const d = 10 ** shift
    return Math.floor((product + d / 2) / d)
  }
  const p = BigInt(price) * BigInt(volume)
  if (shift <= 0) return Number(p * 10n ** BigInt(-shift))
  const d = 10n ** BigInt(shift)
  return Number((p + d / 2n) / d)
}

/** Fold one price observation (with its traded volume and turnover) into a candle. */
export function applyTick(
  c: UnitCandle | null,
  t: number,
  price: number,
  volume: number,
  q: number,
): UnitCandle {
  if (!c || c.t !== t) return { t, o: price, h: price, l: price, c: price, v: volume, q }
  return {
    t,
    o: c.o,
    h: Math.max(price, c.h),
    l: Math.min(price, c.l),
    c: price,
    v: c.v + volume,
    q: c.q + q,
  }
}

/**
 * Roll finer candles (sorted by time) up into `period` candles. Works from any finer period
 * whose boundaries nest inside the target's (1m into everything, 1h into 4h and 1D...).
 */
export function aggregate(candles: readonly UnitCandle[], period: Period, tz: string): UnitCandle[] {
  const out: UnitCandle[] = []
  let cur: UnitCandle | null = null
  let end = Number.NEGATIVE_INFINITY
  for (const k of candles) {
    if (!cur || k.t >= end) {
      if (cur) out.push(cur)
      const start = bucketStart(k.t, period, tz)
      end = nextBucket(start, period, tz)
      cur = { t: start, o: k.o, h: k.h, l: k.l, c: k.c, v: k.v, q: k.q }
    } else {
      if (k.h > cur.h) cur.h = k.h
      if (k.l < cur.l) cur.l = k.l
      cur.c = k.c
      cur.v += k.v
      cur.q += k.q
    }
  }
  if (cur) out.push(cur)
  return out
}

export function toWire(c: UnitCandle, pricePrecision: number, amountPrecision: number): Candle {
  return {
    t: c.t,
    o: fromUnitsFixed(c.o, pricePrecision),
    h: fromUnitsFixed(c.h, pricePrecision),
    l: fromUnitsFixed(c.l, pricePrecision),
    c: fromUnitsFixed(c.c, pricePrecision),
    v: fromUnitsFixed(c.v, amountPrecision),
    q: fromUnitsFixed(c.q, TURNOVER_DP),
  }
}

/**
 * The live candles of one instrument for every period. Each tick updates all nine; the caller
 * learns which candle changed and when a period rolled over into a new candle.
 */
export class CandleBuilder {
  private readonly current = new Map<Period, UnitCandle>()
  private readonly ends = new Map<Period, number>()
  private lastTs = Number.NEGATIVE_INFINITY

  constructor(
    readonly pricePrecision: number,
    readonly amountPrecision: number,
    private readonly tz: string,
  ) {}

  /** Continue from stored candles (after a restart). */
  restore(period: Period, c: UnitCandle): void {
    this.current.set(period, c)
    this.ends.set(period, nextBucket(c.t, period, this.tz))
    if (c.t > this.lastTs) this.lastTs = c.t
  }

  get(period: Period): UnitCandle | undefined {
    return this.current.get(period)
  }

  /** Returns the updated candle of each period; a tick older than the previous one is ignored. */
  tick(ts: number, price: number, volume: number): { period: Period; candle: UnitCandle }[] {
    if (ts < this.lastTs) return []
    this.lastTs = ts
    const q = turnoverUnits(price, volume, this.pricePrecision, this.amountPrecision)
    const out: { period: Period; candle: UnitCandle }[] = []
    for (const period of PERIODS) {
      let c = this.current.get(period) ?? null
      const end = this.ends.get(period) ?? Number.NEGATIVE_INFINITY
      if (!c || ts >= end) {
        const start = bucketStart(ts, period, this.tz)
        this.ends.set(period, nextBucket(start, period, this.tz))
        // A new candle opens at the previous close so the chart has no gaps between candles.
        c = c
          ? { t: start, o: c.c, h: Math.max(c.c, price), l: Math.min(c.c, price), c: price, v: volume, q }
          : null
        if (!c) c = applyTick(null, start, price, volume, q)
      } else {
        c = applyTick(c, c.t, price, volume, q)
      }
      this.current.set(period, c)
      out.push({ period, candle: c })
    }
    return out
  }
}
