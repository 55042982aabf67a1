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
})
