import type { Period } from '@common/market/periods'
import type { UnitCandle } from './candles'
import type { CandleRow } from './repo'

const keyOf = (symbol: string, period: string, t: number) => `${symbol}|${period}|${t}`

/**
 * Candles changed since the last write, one per symbol, period and open time (a later change of
 * the same candle replaces the earlier): what the next flush writes. The index candles
 * (service.ts) and a market's own trade candles (trade-series.ts) each keep one.
 */
export class DirtyCandles {
  private readonly rows = new Map<string, CandleRow>()

  get size(): number {
    return this.rows.size
  }

  values(): IterableIterator<CandleRow> {
    return this.rows.values()
  }

  /** Records a copy of a changed candle of `symbol`, with the precisions of its instrument. */
  mark(
    symbol: string,
    period: Period,
    candle: UnitCandle,
    inst: { price_precision: number; amount_precision: number },
  ): void {
    this.rows.set(keyOf(symbol, period, candle.t), {
      symbol,
      period,
      candle: { ...candle },
      pricePrecision: inst.price_precision,
      amountPrecision: inst.amount_precision,
    })
  }

  /** Takes every changed candle out, for one write. */
  take(): CandleRow[] {
    const rows = [...this.rows.values()]
    this.rows.clear()
    return rows
  }

  /** Puts back the candles of a failed write, unless a newer change of the same candle came since. */
  restore(rows: readonly CandleRow[]): void {
    for (const r of rows) {
      const key = keyOf(r.symbol, r.period, r.candle.t)
      if (!this.rows.has(key)) this.rows.set(key, r)
    }
  }
}
