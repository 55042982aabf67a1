import type { Period } from '@common/market/periods'

/** Chart modes: the time-sharing line (one-minute closes) or candles of a period. */
export type ChartMode = 'line' | Period

export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const
export type MainIndicator = (typeof MAIN_INDICATORS)[number]
export type SubIndicator = (typeof SUB_INDICATORS)[number]

/** klinecharts' period for ours. */
export function chartPeriod(p: Period): { type: 'minute' | 'hour' | 'day' | 'week' | 'month'; span: number } {
  switch (p) {
    case '1m':
      return { type: 'minute', span: 1 }
    case '5m':
      return { type: 'minute', span: 5 }
    case '15m':
      return { type: 'minute', span: 15 }
    case '30m':
      return { type: 'minute', span: 30 }
    case '1h':
      return { type: 'hour', span: 1 }
    case '4h':
      return { type: 'hour', span: 4 }
    case '1D':
      return { type: 'day', span: 1 }
    case '1W':
      return { type: 'week', span: 1 }
    case '1M':
      return { type: 'month', span: 1 }
  }
}

export const modePeriod = (m: ChartMode): Period => (m === 'line' ? '1m' : m)
