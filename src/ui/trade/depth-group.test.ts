import { add, cmp, sum } from '@common/money/decimal'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { barWidths, cumulative, groupLevels, groupSteps } from './depth-group'

const level = fc.record({
  price: fc.integer({ min: 1, max: 100_000 }).map((n) => (n / 100).toFixed(2)),
  amount: fc.integer({ min: 1, max: 10_000 }).map((n) => (n / 1000).toFixed(3)),
})

/** One side of a book: levels of distinct prices, best first for that side. */
const bookSide = (maxLength: number) =>
  fc
    .tuple(
      fc.uniqueArray(level, { selector: (l) => l.price, maxLength }),
      fc.constantFrom<'bid' | 'ask'>('bid', 'ask'),
    )
    .map(([raw, side]) => ({
      side,
      levels: [...raw].sort((a, b) => (side === 'bid' ? cmp(b.price, a.price) : cmp(a.price, b.price))),
    }))

describe('depth grouping', () => {
  it('offers 1, 10, 100 and 1000 ticks', () => {
    expect(groupSteps(2)).toEqual(['0.01', '0.1', '1', '10'])
    expect(groupSteps(0)).toEqual(['1', '10', '100', '1000'])
  })

  it('rounds bids down and asks up, summing the amounts', () => {
    const bids = [
      { price: '100.25', amount: '1' },
      { price: '100.2', amount: '0.5' },
      { price: '99.99', amount: '2' },
    ]
    expect(groupLevels(bids, '0.1', 'bid')).toEqual([
      { price: '100.2', amount: '1.5' },
      { price: '99.9', amount: '2' },
    ])
    expect(groupLevels(bids, '1', 'bid')).toEqual([
      { price: '100', amount: '1.5' },
      { price: '99', amount: '2' },
    ])
    const asks = [
      { price: '100.01', amount: '1' },
      { price: '100.1', amount: '1' },
      { price: '100.11', amount: '3' },
    ]
    expect(groupLevels(asks, '0.1', 'ask')).toEqual([
      { price: '100.1', amount: '2' },
      { price: '100.2', amount: '3' },
    ])
  })

  it('keeps the total, stays sorted best first and never shows a better price than the orders', () => {
    fc.assert(
      fc.property(bookSide(60), fc.constantFrom(...groupSteps(2)), ({ levels, side }, step) => {
        const grouped = groupLevels(levels, step, side)
        expect(sum(grouped.map((l) => l.amount))).toBe(sum(levels.map((l) => l.amount)))
        for (let i = 1; i < grouped.length; i++) {
          const a = grouped[i - 1]?.price ?? '0'
          const b = grouped[i]?.price ?? '0'
          expect(cmp(a, b)).toBe(side === 'bid' ? 1 : -1)
        }
        for (const l of levels) {
          const bucket = grouped.find((g) =>
            side === 'bid'
              ? cmp(g.price, l.price) <= 0 && cmp(l.price, add(g.price, step)) < 0
              : cmp(g.price, l.price) >= 0 && cmp(l.price, add(g.price, `-${step}`)) > 0,
          )
          expect(bucket).toBeDefined()
        }
      }),
      { numRuns: 300 },
    )
  })

  it('builds only the best buckets the book shows, the same as the full grouping', () => {
    fc.assert(
      fc.property(
        bookSide(100),
        fc.constantFrom(...groupSteps(2)),
        fc.integer({ min: 0, max: 12 }),
        ({ levels, side }, step, limit) => {
          expect(groupLevels(levels, step, side, limit)).toEqual(
            groupLevels(levels, step, side).slice(0, limit),
          )
        },
      ),
      { numRuns: 300 },
    )
  })

  it('draws each bar as the running total from the spread, in percent of the deeper side', () => {
    const asks = [
      { price: '100.1', amount: '0.5' },
      { price: '100.2', amount: '1.5' },
      { price: '100.3', amount: '3' },
    ]
    const cum = cumulative(asks)
    expect(cum).toEqual(['0.5', '2', '5'])
    // The other side reaches 8: this one's deepest bar is 5/8 of the width.
    expect(barWidths(cum, '8')).toEqual(['6.25', '25', '62.5'])
    expect(barWidths(cum, '5')).toEqual(['10', '40', '100'])
    // Cut, never rounded up: a bar is never drawn deeper than its orders.
    expect(barWidths(['1'], '3')).toEqual(['33.33'])
    expect(barWidths(['0'], '0')).toEqual(['0'])
  })
})
