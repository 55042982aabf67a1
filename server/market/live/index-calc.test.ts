import { describe, expect, it } from 'vitest'
import { computeIndex, medianOfOthers, nextPublishAt, weightedMedian } from './index-calc'

const rule = { minSources: 2, staleMs: 10_000, outlierBand: 0.02 }
const q = (key: string, price: number, ts = 1000, weight = 1) => ({ key, price, ts, weight })

describe('weightedMedian', () => {
  it('takes the middle price of an odd count and the midpoint of an even split', () => {
    expect(weightedMedian([q('a', 3), q('b', 1), q('c', 2)])).toBe(2)
    expect(weightedMedian([q('a', 1), q('b', 2), q('c', 3), q('d', 4)])).toBe(2.5)
  })

  it('follows the weights', () => {
    expect(weightedMedian([q('a', 100, 0, 3), q('b', 200, 0, 1), q('c', 300, 0, 1)])).toBe(100)
    expect(weightedMedian([q('a', 100, 0, 0.1), q('b', 200, 0, 0.1)])).toBe(150)
    expect(weightedMedian([])).toBeNull()
  })
})

describe('medianOfOthers', () => {
  it('takes the nearer middle price of an even split', () => {
    expect(medianOfOthers(100, [q('b', 100.1), q('c', 120)])).toBe(100.1)
    expect(medianOfOthers(120, [q('a', 100), q('b', 100.1)])).toBe(100.1)
  })
})

describe('computeIndex', () => {
  it('is the median of the fresh sources, in price units', () => {
    const r = computeIndex([q('a', 65000.5), q('b', 65001.25), q('c', 64999)], rule, 2, 2000)
    expect(r.units).toBe(6500050)
    expect(r.used).toEqual(['a', 'b', 'c'])
  })

  it('drops a source beyond the band from the median of the others', () => {
    const r = computeIndex([q('a', 100), q('b', 100.1), q('c', 110)], rule, 2, 2000)
    expect(r.outliers).toEqual(['c'])
    expect(r.units).toBe(10005)
  })

  it('leaves out stale sources and stays live on two of three', () => {
    const r = computeIndex([q('a', 100, 0), q('b', 101, 9000), q('c', 102, 9500)], rule, 2, 12_000)
    expect(r.stale).toEqual(['a'])
    expect(r.units).toBe(10150)
  })

  it('is stale below the minimum of fresh sources', () => {
    const r = computeIndex([q('a', 100, 0), q('b', 101, 0), q('c', 102, 9500)], rule, 2, 12_000)
    expect(r.units).toBeNull()
    expect(r.stale).toEqual(['a', 'b'])
  })

  it('is stale when two sources disagree beyond the band (neither can be told right)', () => {
    const r = computeIndex([q('a', 100), q('b', 110)], rule, 2, 2000)
    expect(r.units).toBeNull()
    expect(r.outliers).toEqual(['a', 'b'])
  })

  it('counts a price of zero or below as no price', () => {
    const r = computeIndex([q('a', 0), q('b', 100), q('c', 100)], rule, 0, 2000)
    expect(r.stale).toEqual(['a'])
    expect(r.units).toBe(100)
  })
})

describe('nextPublishAt', () => {
  it('allows one publish per second', () => {
    expect(nextPublishAt(null, 5000)).toBe(5000)
    expect(nextPublishAt(4500, 5000)).toBe(5500)
    expect(nextPublishAt(3000, 5000)).toBe(5000)
  })
})
