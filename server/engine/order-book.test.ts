import { fromUnits, toUnits } from '@common/money/units'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Fill, OrderBook, type Side } from './order-book'

describe('order book', () => {
  it('matches at the maker price, best price first, then by time', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 101, 5)
    b.placeLimit(2, 'sell', 100, 5)
    b.placeLimit(3, 'sell', 100, 5)
    const r = b.placeLimit(4, 'buy', 101, 12)
    expect(r.fills.map((f) => [f.makerId, f.price, f.qty])).toEqual([
      [2, 100, 5],
      [3, 100, 5],
      [1, 101, 2],
    ])
    expect(r.rested).toBe(false)
    expect(b.depth(5)).toEqual({ bids: [], asks: [{ price: 101, qty: 3, count: 1 }] })
  })

  it('rests the unfilled part of a limit order and cancels it', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 2)
    const r = b.placeLimit(2, 'buy', 100, 5)
    expect(r).toMatchObject({ remaining: 3, rested: true })
    expect(b.bestBid()).toBe(100)
    expect(b.cancel(2)).toBe(3)
    expect(b.cancel(2)).toBeNull()
    expect(b.bestBid()).toBeNull()
  })

  it('does not trade a limit order that does not cross', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 101, 2)
    expect(b.placeLimit(2, 'buy', 100, 2).fills).toEqual([])
    expect(b.depth(1)).toEqual({
      bids: [{ price: 100, qty: 2, count: 1 }],
      asks: [{ price: 101, qty: 2, count: 1 }],
    })
  })

  it('market orders take what is there and drop the rest', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'buy', 99, 2)
    b.placeLimit(2, 'buy', 98, 2)
    const r = b.placeMarket(3, 'sell', 5)
    expect(r.fills.map((f) => f.qty)).toEqual([2, 2])
    expect(r.remaining).toBe(1)
    expect(b.size).toBe(0)
  })

  it('a market buy with a budget spends no more than it', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3)
    b.placeLimit(2, 'sell', 150, 10)
    const r = b.placeMarket(3, 'buy', null, 620)
    // 3 x 100 = 300, then floor(320 / 150) = 2 x 150 = 300
    expect(r.fills.map((f) => [f.price, f.qty])).toEqual([
      [100, 3],
      [150, 2],
    ])
  })

  it('preview names the makers without changing the book', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3)
    b.placeLimit(2, 'sell', 101, 3)
    b.placeLimit(3, 'sell', 102, 3)
    expect(b.preview('buy', 101, 4)).toEqual([1, 2])
    expect(b.preview('buy', null, null, 300)).toEqual([1])
    expect(b.size).toBe(3)
  })

  it('converts decimal strings to units and back exactly', () => {
    expect(toUnits('12.345', 3)).toBe(12345)
    expect(toUnits('12.3', 3)).toBe(12300)
    expect(toUnits('12.3450', 3)).toBe(12345)
    expect(() => toUnits('1.2345', 3)).toThrow()
    expect(() => toUnits('99999999999999999', 2)).toThrow()
    expect(fromUnits(12300, 3)).toBe('12.3')
    expect(fromUnits(5, 3)).toBe('0.005')
    expect(fromUnits(7, 0)).toBe('7')
  })
})

type Op =
  | { k: 'limit'; side: Side; price: number; qty: number }
  | { k: 'market'; side: Side; qty: number }
  | { k: 'cancel'; pick: number }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('limit' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      price: fc.integer({ min: 90, max: 110 }),
      qty: fc.integer({ min: 1, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('market' as const),
      side: fc.constantFrom<Side>('buy', 'sell'),
      qty: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('cancel' as const), pick: fc.nat() }) },
)

describe('order book properties', () => {
  it('never leaves a crossed book, conserves quantity and respects price-time priority', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const b = new OrderBook()
        // Reference: every order's original qty, its fills, what was cancelled, its entry time.
        const placed = new Map<number, { side: Side; price: number | null; qty: number; t: number }>()
        const filled = new Map<number, number>()
        const cancelled = new Map<number, number>()
        const dropped = new Map<number, number>()
        let id = 0
        const credit = (m: Map<number, number>, k: number, q: number) => m.set(k, (m.get(k) ?? 0) + q)
        for (const op of ops) {
          if (op.k === 'cancel') {
            const live = [...b.resting()]
            if (live.length === 0) continue
            const target = live[op.pick % live.length] as { id: number }
            const rest = b.cancel(target.id)
            credit(cancelled, target.id, rest ?? 0)
            continue
          }
          const oid = ++id
          const before = [...b.resting()]
          let fills: Fill[]
          if (op.k === 'limit') {
            placed.set(oid, { side: op.side, price: op.price, qty: op.qty, t: oid })
            const r = b.placeLimit(oid, op.side, op.price, op.qty)
            fills = r.fills
          } else {
            placed.set(oid, { side: op.side, price: null, qty: op.qty, t: oid })
            const r = b.placeMarket(oid, op.side, op.qty)
            fills = r.fills
            credit(dropped, oid, r.remaining)
          }
          // Priority: the makers hit are exactly a prefix of the opposite side in priority order.
          const opposite = before.filter((o) => o.side !== op.side)
          for (let i = 0; i < fills.length; i++) {
            const f = fills[i] as Fill
            expect(f.makerId).toBe(opposite[i]?.id)
            expect(f.price).toBe(opposite[i]?.price)
            // Taker never pays worse than its limit.
            if (op.k === 'limit')
              expect(op.side === 'buy' ? f.price <= op.price : f.price >= op.price).toBe(true)
            // Every maker but the last is taken completely.
            if (i < fills.length - 1) expect(f.makerRemaining).toBe(0)
            credit(filled, f.makerId, f.qty)
            credit(filled, oid, f.qty)
          }
          // No crossed book.
          const bid = b.bestBid()
          const ask = b.bestAsk()
          if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask)
        }
        // Conservation: original = filled + resting + cancelled + dropped, per order.
        const resting = new Map([...b.resting()].map((o) => [o.id, o.remaining]))
        let buys = 0
        let sells = 0
        for (const [oid, o] of placed) {
          const total =
            (filled.get(oid) ?? 0) +
            (resting.get(oid) ?? 0) +
            (cancelled.get(oid) ?? 0) +
            (dropped.get(oid) ?? 0)
          expect(total).toBe(o.qty)
          if (o.side === 'buy') buys += filled.get(oid) ?? 0
          else sells += filled.get(oid) ?? 0
        }
        expect(buys).toBe(sells)
        // Depth agrees with the resting orders.
        const d = b.depth(1000)
        const sum = (ls: { qty: number }[]) => ls.reduce((a, l) => a + l.qty, 0)
        const restSum = (s: Side) =>
          [...b.resting()].filter((o) => o.side === s).reduce((a, o) => a + o.remaining, 0)
        expect(sum(d.bids)).toBe(restSum('buy'))
        expect(sum(d.asks)).toBe(restSum('sell'))
      }),
      { numRuns: 300 },
    )
  })

  it('units round-trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 12 }),
        (n, dp) => {
          expect(toUnits(fromUnits(n, dp), dp)).toBe(n)
        },
      ),
    )
  })
})

describe('self-trade prevention', () => {
  it('cancels the resting order of the same owner instead of trading with it', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 5, 'alice')
    b.placeLimit(2, 'sell', 100, 5, 'bob')
    b.placeLimit(3, 'sell', 101, 5, 'alice')
    const r = b.placeLimit(4, 'buy', 101, 8, 'alice')
    expect(r.fills.map((f) => [f.makerId, f.qty])).toEqual([[2, 5]])
    expect(r.cancelled).toEqual([
      { id: 1, remaining: 5 },
      { id: 3, remaining: 5 },
    ])
    expect(r).toMatchObject({ remaining: 3, rested: true })
    expect(b.depth(5)).toEqual({ bids: [{ price: 101, qty: 3, count: 1 }], asks: [] })
    expect(b.preview('sell', 100, 10, null, 'alice')).toEqual([])
    expect(b.preview('sell', 100, 10, null, 'bob')).toEqual([4])
  })

  it('orders without an owner never count as self-trades', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 5)
    const r = b.placeMarket(2, 'buy', 5)
    expect(r.fills).toHaveLength(1)
    expect(r.cancelled).toEqual([])
  })

  it('never matches one owner with itself; the makers and the cancelled are the crossed prefix', () => {
    const owners = ['a', 'b', 'c'] as const
    const arb = fc.array(
      fc.record({
        owner: fc.constantFrom(...owners),
        side: fc.constantFrom<Side>('buy', 'sell'),
        price: fc.integer({ min: 95, max: 105 }),
        qty: fc.integer({ min: 1, max: 15 }),
        market: fc.boolean(),
      }),
      { maxLength: 150 },
    )
    fc.assert(
      fc.property(arb, (ops) => {
        const b = new OrderBook()
        const ownerOf = new Map<number, string>()
        const placed = new Map<number, number>()
        const done = new Map<number, number>()
        const credit = (k: number, q: number) => done.set(k, (done.get(k) ?? 0) + q)
        let id = 0
        for (const op of ops) {
          const oid = ++id
          ownerOf.set(oid, op.owner)
          placed.set(oid, op.qty)
          const before = [...b.resting()].filter((o) => o.side !== op.side)
          const previewed = b.preview(op.side, op.market ? null : op.price, op.qty, null, op.owner)
          const r = op.market
            ? b.placeMarket(oid, op.side, op.qty, null, op.owner)
            : b.placeLimit(oid, op.side, op.price, op.qty, op.owner)
          if (op.market) credit(oid, r.remaining)
          for (const f of r.fills) {
            expect(ownerOf.get(f.makerId)).not.toBe(op.owner)
            credit(f.makerId, f.qty)
            credit(oid, f.qty)
          }
          expect(r.fills.map((f) => f.makerId)).toEqual(previewed)
          for (const c of r.cancelled) {
            expect(ownerOf.get(c.id)).toBe(op.owner)
            expect(b.has(c.id)).toBe(false)
            credit(c.id, c.remaining)
          }
          // Fills and self-cancels together walk the opposite side in priority order.
          const touched = new Set([...r.fills.map((f) => f.makerId), ...r.cancelled.map((c) => c.id)])
          const prefix = before.slice(0, touched.size).map((o) => o.id)
          expect(new Set(prefix)).toEqual(touched)
          // A self-cancel happens only where the order could have traded (it crossed).
          for (const c of r.cancelled) {
            const o = before.find((x) => x.id === c.id)
            if (!op.market && o)
              expect(op.side === 'buy' ? o.price <= op.price : o.price >= op.price).toBe(true)
          }
          const bid = b.bestBid()
          const ask = b.bestAsk()
          if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask)
        }
        // Conservation: every order's quantity is filled, cancelled, dropped or still resting.
        for (const o of b.resting()) credit(o.id, o.remaining)
        for (const [oid, q] of placed) expect(done.get(oid) ?? 0).toBe(q)
      }),
      { numRuns: 300 },
    )
  })
})
