import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OrderBook, type Side, type TimeInForce } from './order-book'

/** Time in force and post-only (issue 38): the engine's promises, on random books. */

describe('time in force', () => {
  it('IOC takes what crosses and rests nothing', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3)
    b.placeLimit(2, 'sell', 102, 3)
    const r = b.placeLimit(3, 'buy', 101, 5, undefined, 'IOC')
    expect(r.fills.map((f) => [f.makerId, f.qty])).toEqual([[1, 3]])
    expect(r).toMatchObject({ remaining: 2, rested: false })
    expect(b.has(3)).toBe(false)
    expect(b.bestBid()).toBeNull()
  })

  it('FOK fills whole or changes nothing', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3, 'bob')
    b.placeLimit(2, 'sell', 101, 3, 'alice')
    // alice's own ask does not count: 3 lots for her at 101, not 6.
    const killed = b.placeLimit(3, 'buy', 101, 5, 'alice', 'FOK')
    expect(killed).toMatchObject({ fills: [], remaining: 5, rested: false, cancelled: [], expired: true })
    expect(b.has(2)).toBe(true)
    const whole = b.placeLimit(4, 'buy', 101, 5, 'carol', 'FOK')
    expect(whole.fills.map((f) => f.qty)).toEqual([3, 2])
    expect(whole).toMatchObject({ remaining: 0, rested: false })
  })

  it('a post-only order that would take changes nothing; one that does not rests', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3)
    expect(b.wouldTake('buy', 100)).toBe(true)
    expect(b.placeLimit(2, 'buy', 100, 1, undefined, 'GTC', true)).toMatchObject({
      fills: [],
      rested: false,
      expired: true,
    })
    expect(b.has(2)).toBe(false)
    expect(b.placeLimit(3, 'buy', 99, 1, undefined, 'GTC', true)).toMatchObject({ rested: true })
    expect(b.bestBid()).toBe(99)
  })

  it('sweep prices what a market buy of a base amount would take', () => {
    const b = new OrderBook()
    b.placeLimit(1, 'sell', 100, 3)
    b.placeLimit(2, 'sell', 150, 10, 'me')
    b.placeLimit(3, 'sell', 200, 10)
    expect(b.sweep('buy', null, 5, 'me')).toEqual({ qty: 5, cost: 3 * 100 + 2 * 200 })
    expect(b.sweep('buy', 150, 50, 'me')).toEqual({ qty: 3, cost: 300 })
    expect(b.size).toBe(3)
  })
})

type Op = {
  owner: 'a' | 'b' | 'c'
  side: Side
  price: number
  qty: number
  tif: TimeInForce
  postOnly: boolean
  cancel: number | null
}

const opArb: fc.Arbitrary<Op> = fc.record({
  owner: fc.constantFrom('a', 'b', 'c'),
  side: fc.constantFrom<Side>('buy', 'sell'),
  price: fc.integer({ min: 95, max: 105 }),
  qty: fc.integer({ min: 1, max: 20 }),
  tif: fc.constantFrom<TimeInForce>('GTC', 'IOC', 'FOK'),
  postOnly: fc.boolean(),
  cancel: fc.option(fc.nat(), { freq: 4 }),
})

const snapshot = (b: OrderBook) => [...b.resting()]

describe('time in force properties', () => {
  it('FOK never fills partly, post-only never takes, IOC never rests, and the freezes balance', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 150 }), (ops) => {
        const b = new OrderBook()
        // A freeze model in units, as the spot service keeps it: a buy freezes price x qty, a sell
        // its qty; fills spend from the freezes, what an order does not rest is released.
        const frozen = new Map<number, { side: Side; price: number; units: number }>()
        let id = 0
        for (const op of ops) {
          if (op.cancel !== null) {
            const live = snapshot(b)
            const t = live[op.cancel % (live.length || 1)]
            if (t) {
              b.cancel(t.id)
              frozen.delete(t.id)
            }
          }
          const oid = ++id
          const before = snapshot(b)
          const r = b.placeLimit(oid, op.side, op.price, op.qty, op.owner, op.tif, op.postOnly)
          const got = r.fills.reduce((s, f) => s + f.qty, 0)
          expect(got + r.remaining).toBe(op.qty)
          if (op.postOnly) {
            expect(r.fills).toEqual([])
            expect(r.cancelled).toEqual([])
          }
          if (op.tif === 'FOK') expect(got === 0 || got === op.qty).toBe(true)
          if (op.tif !== 'GTC') expect(b.has(oid)).toBe(false)
          if (r.expired) expect(snapshot(b)).toEqual(before)
          // Freeze model: the taker's freeze, spent by its fills, the rest kept only if it rests.
          for (const c of r.cancelled) frozen.delete(c.id)
          let spent = 0
          for (const f of r.fills) {
            const m = frozen.get(f.makerId)
            if (!m) throw new Error(`maker ${f.makerId} has no freeze`)
            m.units -= m.side === 'buy' ? f.qty * f.price : f.qty
            // A maker's freeze covers exactly what is left of it.
            expect(m.units).toBe(m.side === 'buy' ? f.makerRemaining * m.price : f.makerRemaining)
            if (f.makerRemaining === 0) frozen.delete(f.makerId)
            spent += op.side === 'buy' ? f.qty * f.price : f.qty
            // Never worse than the limit.
            expect(op.side === 'buy' ? f.price <= op.price : f.price >= op.price).toBe(true)
          }
          const lock = op.side === 'buy' ? op.qty * op.price : op.qty
          const kept = r.rested ? (op.side === 'buy' ? r.remaining * op.price : r.remaining) : 0
          expect(spent + kept).toBeLessThanOrEqual(lock)
          if (r.rested) frozen.set(oid, { side: op.side, price: op.price, units: kept })
          const bid = b.bestBid()
          const ask = b.bestAsk()
          if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask)
        }
        // What stays frozen is exactly what rests: nothing of an IOC or FOK remainder.
        for (const o of b.resting()) {
          const f = frozen.get(o.id)
          expect(f?.units).toBe(o.side === 'buy' ? o.remaining * o.price : o.remaining)
        }
        expect(frozen.size).toBe(snapshot(b).length)
      }),
      { numRuns: 300 },
    )
  })
})
