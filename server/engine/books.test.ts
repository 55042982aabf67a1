import { fromUnits } from '@common/money/units'
import { describe, expect, it } from 'vitest'
import { bookOf, depthSnapshot } from './books'
import type { OrderBook } from './order-book'

describe('books', () => {
  it('makes a symbol’s book once and keeps it', () => {
    const books = new Map<string, OrderBook>()
    const b = bookOf(books, 'BTCUSDT')
    expect(bookOf(books, 'BTCUSDT')).toBe(b)
    expect(books.size).toBe(1)
  })

  it('snapshots the top levels as decimals, and an empty one without a book', () => {
    const b = bookOf(new Map(), 'BTCUSDT')
    b.add(1, 'buy', 6500012, 150)
    b.add(2, 'buy', 6500000, 20)
    b.add(3, 'sell', 6500100, 7)
    const d = depthSnapshot(
      'BTCUSDT',
      b,
      1,
      (u) => fromUnits(u, 2),
      (q) => fromUnits(q, 3),
    )
    expect(d).toMatchObject({
      symbol: 'BTCUSDT',
      bids: [{ price: '65000.12', amount: '0.15' }],
      asks: [{ price: '65001', amount: '0.007' }],
    })
    expect(depthSnapshot('X', undefined, 5, String, String)).toMatchObject({
      symbol: 'X',
      bids: [],
      asks: [],
    })
  })

  it('numbers the book: every change raises seq, a rebuilt book goes on above the old one', () => {
    const depth = (b: OrderBook | undefined) => depthSnapshot('BTCUSDT', b, 5, String, String)
    const b = bookOf(new Map(), 'BTCUSDT')
    const seen = [depth(b).seq]
    b.add(1, 'buy', 100, 5)
    seen.push(depth(b).seq)
    b.placeLimit(2, 'sell', 100, 2)
    seen.push(depth(b).seq)
    b.cancel(1)
    seen.push(depth(b).seq)
    // Reading does not change it; a cancel of an order not on the book changes nothing.
    expect(depth(b).seq).toBe(seen.at(-1))
    b.cancel(99)
    expect(depth(b).seq).toBe(seen.at(-1))
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number)
    const rebuilt = bookOf(new Map(), 'BTCUSDT')
    expect(depth(rebuilt).seq).toBeGreaterThan(seen.at(-1) as number)
    expect(depth(undefined).seq).toBe(0)
  })
})
