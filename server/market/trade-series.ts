import { bucketStart, isPeriod, nextBucket, type Period } from '@common/market/periods'
import type { Candle, SeriesTicker } from '@common/market/types'
import { toUnits } from '@common/money/units'
import type { PublicTrade } from '@common/spot/schema'
import type { Db } from '../db/db'
import { CandleBuilder, toWire, type UnitCandle } from './candles'
import { DirtyCandles } from './dirty-candles'
import { fromRow, type InstrumentRow, latestCandles, minuteCandlesSince, upsertCandles } from './repo'
import { TickerWindow } from './ticker'

/**
 * A market's own figures (issue 36): candles and the rolling 24 h window built from this
 * exchange's fills in that market, stored in `trade_candle`. Nothing from the index enters here,
 * so the volume, turnover, high, low and last price of a market are trades that happened on it.
 */
export class TradeSeries {
  private readonly builders = new Map<string, CandleBuilder>()
  private readonly windows = new Map<string, TickerWindow>()
  private readonly dirty = new DirtyCandles()

  constructor(
    private readonly db: Db,
    private readonly tz: string,
  ) {}

  /** Reads the newest candle of every period and the last 24 h of minutes of `markets`. */
  async load(markets: readonly InstrumentRow[], now: number): Promise<void> {
    const bySymbol = new Map(markets.map((r) => [r.symbol, r]))
    this.builders.clear()
    this.windows.clear()
    for (const r of markets) {
      this.builders.set(r.symbol, new CandleBuilder(r.price_precision, r.amount_precision, this.tz))
      this.windows.set(r.symbol, new TickerWindow(r.symbol, r.price_precision, r.amount_precision))
    }
    for (const row of await latestCandles(this.db, 'trade_candle')) {
      const inst = bySymbol.get(row.symbol)
      if (!inst || !isPeriod(row.period)) continue
      this.builders
        .get(row.symbol)
        ?.restore(row.period, fromRow(row, inst.price_precision, inst.amount_precision))
    }
    const lists = new Map<string, UnitCandle[]>()
    for (const row of await minuteCandlesSince(this.db, now - 24 * 3600 * 1000 - 60_000, 'trade_candle')) {
      const inst = bySymbol.get(row.symbol)
      if (!inst) continue
      const list = lists.get(row.symbol) ?? []
      list.push(fromRow(row, inst.price_precision, inst.amount_precision))
      lists.set(row.symbol, list)
    }
    for (const [symbol, list] of lists) this.windows.get(symbol)?.load(list)
    // A market that last traded over a day ago still has a last price: its newest stored minute.
    for (const [symbol, b] of this.builders) {
      const w = this.windows.get(symbol)
      const m = b.get('1m')
      if (w && m && w.lastPrice() === null) w.load([{ ...m, v: 0, q: 0 }])
    }
  }

  has(symbol: string): boolean {
    return this.builders.has(symbol)
  }

  /** Folds fills into the market's candles; returns the changed candles (every period). */
  record(inst: InstrumentRow, trades: readonly PublicTrade[]): { period: Period; candle: UnitCandle }[] {
    const builder = this.builders.get(inst.symbol)
    const window = this.windows.get(inst.symbol)
    if (!builder || !window) return []
    const changed = new Map<Period, UnitCandle>()
    // Oldest first: engines report a match's fills in order; a list read newest-first is reversed.
    const ordered = [...trades].sort((a, b) => a.ts - b.ts)
    for (const t of ordered) {
      const price = toUnits(t.price, inst.price_precision)
      const amount = toUnits(t.amount, inst.amount_precision)
      for (const u of builder.tick(t.ts, price, amount)) {
        changed.set(u.period, u.candle)
        this.dirty.mark(inst.symbol, u.period, u.candle, inst)
        if (u.period === '1m') window.update(u.candle, t.ts)
      }
    }
    return [...changed].map(([period, candle]) => ({ period, candle }))
  }

  /** The market's 24 h figures from its own fills; null if it never traded. */
  ticker(symbol: string, now: number): SeriesTicker | null {
    return this.windows.get(symbol)?.snapshot(now) ?? null
  }

  current(symbol: string, period: Period): UnitCandle | undefined {
    return this.builders.get(symbol)?.get(period)
  }

  /** Candles not yet written, plus the live one (unit candles, by open time). */
  unflushed(symbol: string, period: Period): Map<number, UnitCandle> {
    const map = new Map<number, UnitCandle>()
    for (const r of this.dirty.values())
      if (r.symbol === symbol && r.period === period) map.set(r.candle.t, r.candle)
    const live = this.builders.get(symbol)?.get(period)
    if (live) map.set(live.t, live)
    return map
  }

  /** Writes changed candles (`persist` false: a process that only mirrors fills drops them). */
  async flush(persist: boolean): Promise<void> {
    if (this.dirty.size === 0) return
    const rows = this.dirty.take()
    if (!persist) return
    try {
      await upsertCandles(this.db, rows, 'replace', 'trade_candle')
    } catch (err) {
      this.dirty.restore(rows)
      throw err
    }
  }
}

/**
 * The chart rule for a market's own trades: the `limit` periods ending before `to`, each
 * period without a trade drawn flat at the last price before it (volume 0); nothing before the
 * market's first trade. `candles` are the stored and live candles of the range, `before` the
 * last candle ahead of it (its close is the price the range starts at).
 */
export function flatFilled(
  candles: ReadonlyMap<number, UnitCandle>,
  before: UnitCandle | null,
  period: Period,
  tz: string,
  from: number,
  to: number,
): UnitCandle[] {
  const out: UnitCandle[] = []
  let prev = before?.c ?? null
  for (let t = from; t < to; t = nextBucket(t, period, tz)) {
    const c = candles.get(t)
    if (c) {
      out.push(c)
      prev = c.c
    } else if (prev !== null) out.push({ t, o: prev, h: prev, l: prev, c: prev, v: 0, q: 0 })
  }
  return out
}

/** Start of the first of the `limit` periods ending with the one that contains `last`. */
export function rangeStart(last: number, period: Period, tz: string, limit: number): number {
  let t = bucketStart(last, period, tz)
  for (let i = 1; i < limit; i++) t = bucketStart(t - 1, period, tz)
  return t
}

export function wireAll(list: readonly UnitCandle[], inst: InstrumentRow): Candle[] {
  return list.map((c) => toWire(c, inst.price_precision, inst.amount_precision))
}
