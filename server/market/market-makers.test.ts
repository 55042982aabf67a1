import { describe, expect, it } from 'vitest'
import type { Db } from '../db/db'
import { ladderTicks, MarketMakers, type SpotQuoting, settle } from './market-makers'
import type { MarketData } from './service'

const BTC = { price_precision: 2, amount_precision: 6, min_amount: '0.000001', min_notional: '5' }
const DOGE = { price_precision: 5, amount_precision: 0, min_amount: '1', min_notional: '5' }
const makers = () =>
  new MarketMakers(
    {} as Db,
    { instrument: (s: string) => (s === 'BTCUSDT' ? BTC : DOGE) } as unknown as MarketData,
    {} as SpotQuoting,
  )

describe('spot market makers: the book they quote', () => {
  it('24 levels a side, one tick from the index, gaps and sizes growing with distance', () => {
    const q = makers().quotesFor('BTCUSDT', '65000.37')
    const bids = q.filter((x) => x.side === 'buy')
    const asks = q.filter((x) => x.side === 'sell')
    expect(bids).toHaveLength(24)
    expect(asks).toHaveLength(24)
    expect(bids[0]?.price).toBe('65000.36')
    expect(asks[0]?.price).toBe('65000.38')
    for (let i = 1; i < 24; i++) {
      expect(Number(bids[i]?.price)).toBeLessThan(Number(bids[i - 1]?.price))
      expect(Number(asks[i]?.price)).toBeGreaterThan(Number(asks[i - 1]?.price))
    }
    // The first gaps are a few ticks, the last ones many dollars.
    expect(Number(asks[1]?.price) - Number(asks[0]?.price)).toBeLessThan(0.1)
    expect(Number(asks[23]?.price) - Number(asks[22]?.price)).toBeGreaterThan(5)
    const notional = (l: typeof bids, from: number, to: number) =>
      l.slice(from, to).reduce((a, x) => a + Number(x.price) * Number(x.amount), 0)
    expect(notional(bids, 20, 24)).toBeGreaterThan(notional(bids, 0, 4) * 3)
    // Sizes vary, deterministically: the same index gives the same book.
    expect(new Set(bids.map((b) => b.amount)).size).toBeGreaterThan(20)
    expect(makers().quotesFor('BTCUSDT', '65000.37')).toEqual(q)
  })

  it('respect the price precision and the pair minimums on a coarse-tick pair', () => {
    const q = makers().quotesFor('DOGEUSDT', '0.153456')
    expect(q.filter((x) => x.side === 'buy')[0]?.price).toBe('0.15345')
    expect(q.filter((x) => x.side === 'sell')[0]?.price).toBe('0.15346')
    for (const x of q) {
      expect(x.price).toMatch(/^0\.\d{1,5}$/)
      expect(x.amount).toMatch(/^\d+$/)
      expect(Number(x.amount) * Number(x.price)).toBeGreaterThanOrEqual(5)
    }
  })

  it('keep the deep levels when the index moves a little: only the top of the book moves', () => {
    const mm = makers()
    const before = mm.levelsFor('BTCUSDT', '65000')
    const after = mm.levelsFor('BTCUSDT', '65026', before) // +0.04 %
    expect(after.bid[0]?.ticks).toBe(6502599)
    const kept = (side: 'bid' | 'ask') => after[side].filter((l) => before[side].includes(l)).length
    expect(kept('bid')).toBeGreaterThanOrEqual(10)
    expect(kept('ask')).toBeGreaterThanOrEqual(10)
    // Still a proper book: strictly ordered, never crossed.
    for (let i = 1; i < after.bid.length; i++)
      expect(after.bid[i]?.ticks).toBeLessThan(after.bid[i - 1]?.ticks as number)
    expect((after.ask[0]?.ticks as number) > (after.bid[0]?.ticks as number)).toBe(true)
  })

  it('settle: the best level always follows the target; a previous level is reused in its window only', () => {
    const target = ladderTicks('X', 'ask', 1000.5, 10, 2, 6)
    const prev = target.map((t) => ({ ticks: t + 1000, size: '1' }))
    const out = settle(target, prev, () => '2')
    expect(out[0]).toEqual({ ticks: target[0], size: '2' })
    expect(out.every((l, i) => i === 0 || l.ticks > (out[i - 1]?.ticks as number))).toBe(true)
  })
})
