import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DepthLevel, DepthSnapshot } from '../spot/schema'
import { applyDepthDiff, diffDepth } from './depth-diff'

const lv = (...pairs: [string, string][]): DepthLevel[] => pairs.map(([price, amount]) => ({ price, amount }))
const book = (seq: number, bids: DepthLevel[], asks: DepthLevel[]): DepthSnapshot => ({
  symbol: 'BTCUSDT',
  seq,
  bids,
  asks,
  ts: 1,
})

describe('depth diffs', () => {
  const a = book(
    10,
    lv(['100.5', '1'], ['100', '2'], ['99.5', '3'], ['99', '1']),
    lv(['101', '1'], ['101.5', '2'], ['102', '3'], ['110', '1']),
  )

  it('carries only the levels that changed, a removed level as amount "0"', () => {
    const b = book(
      12,
      lv(['100.5', '1'], ['100', '2.5'], ['99.5', '3'], ['99', '1']),
      lv(['101.5', '2'], ['102', '3'], ['105', '4'], ['110', '1']),
    )
    expect(diffDepth(a, b)).toEqual({
      seq: 12,
      prevSeq: 10,
      bids: [['100', '2.5']],
      asks: [
        ['105', '4'],
        ['101', '0'],
      ],
    })
  })

  it('applies a diff in price order: bids highest first, asks lowest first (decimal, not text, order)', () => {
    const next = applyDepthDiff(a, {
      seq: 11,
      prevSeq: 10,
      bids: [
        ['100.25', '7'],
        ['99', '0'],
        ['1000', '1'],
      ],
      asks: [
        ['99.9', '2'],
        ['102', '0'],
      ],
    })
    expect(next).toEqual(
      book(
        11,
        lv(['1000', '1'], ['100.5', '1'], ['100.25', '7'], ['100', '2'], ['99.5', '3']),
        lv(['99.9', '2'], ['101', '1'], ['101.5', '2'], ['110', '1']),
      ),
    )
  })

  it('refuses a diff that does not follow the book held (missed messages)', () => {
    expect(applyDepthDiff(a, { seq: 13, prevSeq: 12, bids: [['100', '1']], asks: [] })).toBeNull()
  })

  it('sends the whole top when that is shorter (every level moved), and it applies to any book', () => {
    const moved = book(20, lv(['200', '1'], ['199', '2']), lv(['201', '1']))
    const d = diffDepth(a, moved)
    expect(d).toEqual({
      seq: 20,
      prevSeq: 10,
      full: true,
      bids: [
        ['200', '1'],
        ['199', '2'],
      ],
      asks: [['201', '1']],
    })
    if (!d) throw new Error('no diff')
    expect(applyDepthDiff(book(3, [], []), d)).toEqual(moved)
  })

  it('has no message when the top levels did not change', () => {
    expect(diffDepth(a, { ...a, seq: 11 })).toBeNull()
  })

  it('property: the previous levels plus the diff are the new levels', () => {
    const price = fc.integer({ min: 1, max: 40 }).map((n) => (n / 4).toString())
    const amount = fc.constantFrom('0.1', '1', '2.5', '10')
    const side = (desc: boolean) =>
      fc
        .uniqueArray(fc.tuple(price, amount), { selector: (l) => l[0], maxLength: 20 })
        .map((ls) =>
          lv(...ls.sort((x, y) => (desc ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0])))),
        )
    const snap = fc.record({ seq: fc.integer({ min: 1, max: 1e6 }), bids: side(true), asks: side(false) })
    fc.assert(
      fc.property(snap, snap, (p, n) => {
        const prev = book(p.seq, p.bids, p.asks)
        const next = book(p.seq + n.seq, n.bids, n.asks)
        const d = diffDepth(prev, next)
        const got = d ? applyDepthDiff(prev, d) : prev
        expect(got?.bids).toEqual(next.bids)
        expect(got?.asks).toEqual(next.asks)
      }),
    )
  })
})
