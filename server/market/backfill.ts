import { bucketStart, nextBucket, PERIODS, type Period, periodMs } from '@common/market/periods'
import type { Db } from '../db/db'
import { turnoverUnits, type UnitCandle } from './candles'
import { type CandleRow, upsertCandles } from './repo'
import { PriceSimulator, type SimInstrument } from './simulator'

const MIN = 60_000
const DAY = 24 * 60 * MIN
const BATCH = 20_000

/**
 * How far back each period is stored on first start. Short periods keep fewer days (a 90-day
 * 1m history would be 130k rows per market for a chart nobody scrolls that far); from 30m up
 * the whole history is stored. Live candles accumulate without limit from then on.
 */
export const BACKFILL_RETENTION_DAYS: Record<Period, number> = {
  '1m': 2,
  '5m': 10,
  '15m': 30,
  '30m': 45,
  '1h': Number.POSITIVE_INFINITY,
  '4h': Number.POSITIVE_INFINITY,
  '1D': Number.POSITIVE_INFINITY,
  '1W': Number.POSITIVE_INFINITY,
  '1M': Number.POSITIVE_INFINITY,
}

export interface BackfillOptions {
  days: number
  seed: string
  now: number
  tz: string
}

interface Agg {
  cur: UnitCandle | null
  end: number
  keepFrom: number
}

/**
 * First-start history: the simulated index walked minute by minute over `days`, rolled up into every period and bulk-inserted. The result is the
 * same history the live feed would have produced, so the live candles continue it seamlessly.
 */
export async function backfill(
  db: Db,
  instruments: readonly SimInstrument[],
  opts: BackfillOptions,
): Promise<{ rows: number; ms: number }> {
  const started = Date.now()
  const to = bucketStart(opts.now, '1m', opts.tz)
  const from = to - Math.round(opts.days * DAY)
  const sim = new PriceSimulator(`${opts.seed}:history`, instruments)
  const aggs = instruments.map(() =>
    PERIODS.map(
      (p): Agg => ({
        cur: null,
        end: Number.NEGATIVE_INFINITY,
        keepFrom: to - Math.min(opts.days, BACKFILL_RETENTION_DAYS[p]) * DAY,
      }),
    ),
  )
  let batch: CandleRow[] = []
  let rows = 0
  const emit = (i: number, p: number, c: UnitCandle) => {
    const inst = instruments[i] as SimInstrument
    const a = (aggs[i] as Agg[])[p] as Agg
    if (c.t < a.keepFrom && nextBucket(c.t, PERIODS[p] as Period, opts.tz) <= a.keepFrom) return
    batch.push({
      symbol: inst.symbol,
      period: PERIODS[p] as Period,
      candle: c,
      pricePrecision: inst.pricePrecision,
      amountPrecision: inst.amountPrecision,
    })
  }
  const flush = async () => {
    if (batch.length === 0) return
    const b = batch
    batch = []
    rows += b.length
    await upsertCandles(db, b, 'insert')
  }

  const minute: UnitCandle[] = instruments.map(() => ({ t: 0, o: 0, h: 0, l: 0, c: 0, v: 0, q: 0 }))
  const prevClose: (number | null)[] = instruments.map(() => null)
  for (let t = from; t < to; t += MIN) {
    sim.stepCandle(MIN, minute)
    for (let i = 0; i < instruments.length; i++) {
      const inst = instruments[i] as SimInstrument
      const m = minute[i] as UnitCandle
      m.t = t
      // Each candle opens at the previous close, as live candles do.
      const open = prevClose[i] ?? m.o
      m.o = open
      if (open > m.h) m.h = open
      if (open < m.l) m.l = open
      // Turnover at the candle's mean price.
      m.q = turnoverUnits(
        Math.round((m.o + m.h + m.l + m.c) / 4),
        m.v,
        inst.pricePrecision,
        inst.amountPrecision,
      )
    }
    for (let i = 0; i < instruments.length; i++) {
      const m = minute[i] as UnitCandle
      prevClose[i] = m.c
      const list = aggs[i] as Agg[]
      for (let p = 0; p < PERIODS.length; p++) {
        const a = list[p] as Agg
        if (!a.cur || m.t >= a.end) {
          if (a.cur) emit(i, p, a.cur)
          const period = PERIODS[p] as Period
          const fixed = periodMs(period)
          // Contiguous intraday buckets follow each other; time-zone lookups only when needed.
          const start = fixed !== null && a.cur && m.t === a.end ? a.end : bucketStart(m.t, period, opts.tz)
          a.end = fixed !== null ? start + fixed : nextBucket(start, period, opts.tz)
          a.cur = { t: start, o: m.o, h: m.h, l: m.l, c: m.c, v: m.v, q: m.q }
        } else {
          const c = a.cur
          if (m.h > c.h) c.h = m.h
          if (m.l < c.l) c.l = m.l
          c.c = m.c
          c.v += m.v
          c.q += m.q
        }
      }
    }
    if (batch.length >= BATCH) await flush()
  }
  // The last candle of every period is still open: stored now, continued by the live builder.
  for (let i = 0; i < instruments.length; i++) {
    const list = aggs[i] as Agg[]
    for (let p = 0; p < PERIODS.length; p++) {
      const a = list[p] as Agg
      if (a.cur) emit(i, p, a.cur)
    }
  }
  await flush()
  return { rows, ms: Date.now() - started }
}
