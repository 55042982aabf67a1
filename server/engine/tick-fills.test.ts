import { onTick, withinLimit } from '@common/market/tick'
import { fromUnits, toUnits } from '@common/money/units'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OrderBook } from './order-book'

describe('limit orders under the tick rule', () => {
  /**
   * Property (issue 33 item 4): whatever the book and whatever price a user types, an order the
   * rule lets through never fills worse than its limit, and one it refuses never reaches the book
   * (half-up rounding made a long at 65,947.435 fill at 65,947.44).
   */
  it('no fill is ever worse than its limit', () => {
    const pp = 2
    const level = fc.record({
      ticks: fc.integer({ min: 6_590_000, max: 6_600_000 }),
      qty: fc.integer({ min: 1, max: 50 }),
    })
    fc.assert(
      fc.property(
        fc.array(level, { maxLength: 12 }),
        fc.array(level, { maxLength: 12 }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        // A typed price around the book with 0 to 4 decimals.
        fc.integer({ min: 659_000_000, max: 660_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 200 }),
        (bids, asks, side, raw, places, qty) => {
          const book = new OrderBook()
          let id = 1
          // Resting orders that do not cross each other: bids below 65,950, asks from it.
          for (const b of bids) book.add(id++, 'buy', Math.min(b.ticks, 6_594_999), b.qty, 'm')
          for (const a of asks) book.add(id++, 'sell', Math.max(a.ticks, 6_595_000), a.qty, 'm')
          const typed = fromUnits(Math.floor(raw / 10 ** (4 - places)), places)
          const limit = onTick(typed, pp)
          if (limit === null) {
            expect(typed.split('.')[1]?.length ?? 0).toBeGreaterThan(pp)
            return
          }
          const r = book.placeLimit(id, side, toUnits(limit, pp), qty, 'u')
          for (const f of r.fills) expect(withinLimit(side, limit, fromUnits(f.price, pp))).toBe(true)
          // And it fills whatever the book offers within the limit (nothing better is left).
          const best = side === 'buy' ? book.bestAsk() : book.bestBid()
          if (r.remaining > 0 && best !== null)
            expect(withinLimit(side, limit, fromUnits(best, pp))).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('the issue’s case: a long at 65,947.435 against an ask at 65,947.44 is refused, at 65,947.43 it rests', () => {
    expect(onTick('65947.435', 2)).toBeNull()
    const book = new OrderBook()
    book.add(1, 'sell', toUnits('65947.44', 2), 10, 'm')
    const r = book.placeLimit(2, 'buy', toUnits(onTick('65947.43', 2) as string, 2), 1, 'u')
    expect(r.fills).toEqual([])
    expect(r.rested).toBe(true)
  })

  it('price protection: an IOC order fills only within its window, stale quotes beyond it stay', () => {
    const book = new OrderBook()
    // A bid of the old price (65,000), then bids around the new index (58,500).
    book.add(1, 'buy', 6_500_000, 5, 'm')
    book.add(2, 'buy', 5_850_000, 3, 'm')
    book.add(3, 'buy', 5_800_000, 3, 'u')
    book.add(4, 'buy', 5_790_000, 3, 'm')
    book.add(5, 'buy', 5_700_000, 3, 'm')
    // A sell within [57,330, 59,670]: passes over the stale bid, cancels its own (self-trade
    // prevention), takes 58,500 and 57,900, never 57,000.
    const r = book.placeWithin(9, 'sell', 8, 5_733_000, 5_967_000, 'u')
    expect(r.fills.map((f) => [f.makerId, f.price, f.qty])).toEqual([
      [2, 5_850_000, 3],
      [4, 5_790_000, 3],
    ])
    expect(r.cancelled).toEqual([{ id: 3, remaining: 3 }])
    expect(r.remaining).toBe(2)
    expect(r.rested).toBe(false)
    expect(book.bestBid()).toBe(6_500_000)
    expect(book.remainingOf(1)).toBe(5)
    expect(book.remainingOf(5)).toBe(3)
    // preview agrees with what it would meet.
    expect(book.preview('sell', 5_733_000, 8, null, 'u', 5_967_000)).toEqual([])
    book.add(6, 'buy', 5_900_000, 1, 'm')
    expect(book.preview('sell', 5_733_000, 8, null, 'u', 5_967_000)).toEqual([6])
  })

  it('property: a protected order fills only inside its window and takes the best prices there first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ p: fc.integer({ min: 100, max: 200 }), q: fc.integer({ min: 1, max: 9 }) }), {
          maxLength: 15,
        }),
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.integer({ min: 100, max: 200 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        (levels, side, mid, half, qty) => {
          const book = new OrderBook()
          for (const [i, l] of levels.entries())
            book.add(i + 1, side === 'sell' ? 'buy' : 'sell', l.p, l.q, 'm')
          const [lo, hi] = [mid - half, mid + half]
          const r =
            side === 'sell'
              ? book.placeWithin(99, side, qty, lo, hi)
              : book.placeWithin(99, side, qty, hi, lo)
          for (const f of r.fills) expect(f.price >= lo && f.price <= hi).toBe(true)
          const taken = r.fills.reduce((n, f) => n + f.qty, 0)
          expect(taken + r.remaining).toBe(qty)
          // Whatever is left inside the window means the order was filled.
          const inside = [...book.resting()].filter((o) => o.price >= lo && o.price <= hi)
          if (r.remaining > 0) expect(inside).toEqual([])
        },
      ),
      { numRuns: 300 },
    )
  })
})
