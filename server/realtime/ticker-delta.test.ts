import type { Ticker } from '@common/market/types'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tickerDelta } from './ticker-delta'

const base: Ticker = {
  symbol: 'BTCUSDT',
  last: '70000.00',
  open: '69000.00',
  high: '71000.00',
  low: '68000.00',
  change: '1.45',
  volume: '12.345',
  turnover: '864150.00',
  index: '70001.00',
  ts: 1000,
}

describe('tickerDelta', () => {
  it('sends the whole ticker the first time, then only the symbol and what changed', () => {
    expect(tickerDelta(undefined, base)).toEqual(base)
    expect(tickerDelta(base, { ...base, last: '70001.00', ts: 1100 })).toEqual({
      symbol: 'BTCUSDT',
      last: '70001.00',
      ts: 1100,
    })
    expect(tickerDelta(base, { ...base })).toBeNull()
  })

  it('sends nothing for a newer time alone (an index tick that left every figure where it was)', () => {
    expect(tickerDelta(base, { ...base, ts: 1200 })).toBeNull()
  })

  it('property: the previous ticker plus the delta is the new ticker (or only its time differs)', () => {
    const text = fc.constantFrom('1.00', '2.00', '3.50')
    const ticker = fc.record({
      symbol: fc.constant('BTCUSDT'),
      last: text,
      open: text,
      high: text,
      low: text,
      change: fc.constantFrom('0.00', '-1.25'),
      volume: text,
      turnover: text,
      index: text,
      ts: fc.integer({ min: 0, max: 3 }),
    })
    fc.assert(
      fc.property(ticker, ticker, (prev, next) => {
        const d = tickerDelta(prev, next)
        if (d) expect({ ...prev, ...d }).toEqual(next)
        else expect({ ...prev, ts: next.ts }).toEqual(next)
      }),
    )
  })
})
