import type { DepthSnapshot } from '@common/spot/schema'
import { OrderBook } from './order-book'

/** The book of `symbol` in `books`, made empty on first use. */
export function bookOf(books: Map<string, OrderBook>, symbol: string): OrderBook {
  let b = books.get(symbol)
  if (!b) {
    b = new OrderBook()
    books.set(symbol, b)
  }
  return b
}

/**
 * The top `limit` levels per side of a book as decimal strings (`price` and `amount` convert the
 * book's integer units) with the book's sequence number; an empty snapshot when there is no book.
 */
export function depthSnapshot(
  symbol: string,
  book: OrderBook | undefined,
  limit: number,
  price: (units: number) => string,
  amount: (qty: number) => string,
): DepthSnapshot {
  if (!book) return emptyDepth(symbol)
  const d = book.depth(limit)
  const conv = (l: { price: number; qty: number }) => ({ price: price(l.price), amount: amount(l.qty) })
  return { symbol, seq: book.version, bids: d.bids.map(conv), asks: d.asks.map(conv), ts: Date.now() }
}

/** The depth of a market without a book here: no levels, sequence 0 (any real book's is larger). */
export function emptyDepth(symbol: string): DepthSnapshot {
  return { symbol, seq: 0, bids: [], asks: [], ts: Date.now() }
}
