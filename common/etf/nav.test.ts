import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, cmp, div, mul, round, sub } from '../money/decimal'
import {
  basketNav,
  basketUnits,
  change24h,
  type LeveragedState,
  lastRebalanceAt,
  leveragedNav,
  needsIntradayRebalance,
  nextRebalanceAt,
  rebalanceLeveraged,
  redeemQuote,
  subscribeQuote,
  weightsValid,
} from './nav'

const L3: LeveragedState = { navReb: '1', pReb: '100', leverage: '3' }
const S3: LeveragedState = { navReb: '1', pReb: '100', leverage: '-3' }

describe('leveraged NAV', () => {
  it('moves L times the index from the last rebalance', () => {
    expect(leveragedNav(L3, '110')).toBe('1.3')
    expect(leveragedNav(S3, '110')).toBe('0.7')
    expect(leveragedNav(L3, '100')).toBe('1')
    expect(leveragedNav(S3, '90')).toBe('1.3')
  })

  it('never goes below zero', () => {
    expect(leveragedNav(S3, '140')).toBe('0')
    expect(leveragedNav(L3, '60')).toBe('0')
  })

  it('reproduces the 3-day decay table of the reference (daily rebalance, no fees)', () => {
    let l = L3
    let s = S3
    const days = ['110', '99', '100']
    const want = [
      ['1.3', '0.7'],
      ['0.91', '0.91'],
      ['0.9376', '0.8824'],
    ]
    days.forEach((p, i) => {
      l = rebalanceLeveraged(l, p)
      s = rebalanceLeveraged(s, p)
      expect(round(l.navReb, 4)).toBe(want[i]?.[0])
      expect(round(s.navReb, 4)).toBe(want[i]?.[1])
    })
  })

  it('intraday trigger at a 15 % move either way', () => {
    expect(needsIntradayRebalance(L3, '85')).toBe(true)
    expect(needsIntradayRebalance(L3, '115')).toBe(true)
    expect(needsIntradayRebalance(L3, '85.01')).toBe(false)
    expect(needsIntradayRebalance(S3, '114.99')).toBe(false)
  })

  it('reproduces the intraday example: rebalanced at 88.89, then 80 gives 0.467 not 0.400', () => {
    const r = rebalanceLeveraged(L3, '88.89')
    expect(round(r.navReb, 3)).toBe('0.667')
    expect(round(leveragedNav(r, '80'), 3)).toBe('0.467')
    expect(round(leveragedNav(L3, '80'), 3)).toBe('0.4')
  })

  it('a rebalance never moves NAV (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 70, max: 130 }),
        fc.integer({ min: 1, max: 100000 }),
        fc.constantFrom('3', '-3'),
        (p, cents, lev) => {
          const s: LeveragedState = { navReb: div(String(cents), '100', 2), pReb: '100', leverage: lev }
          const price = String(p)
          expect(rebalanceLeveraged(s, price).navReb).toBe(leveragedNav(s, price))
          expect(leveragedNav(rebalanceLeveraged(s, price), price)).toBe(leveragedNav(s, price))
        },
      ),
    )
  })

  it('an intraday rebalance fires before a 3x short reaches zero', () => {
    // Zero at +33.3 %: the 15 % trigger comes first on any path of small steps.
    let s = S3
    for (let p = 100; p <= 200; p += 1) {
      const price = String(p)
      if (needsIntradayRebalance(s, price)) s = rebalanceLeveraged(s, price)
      expect(cmp(leveragedNav(s, price), '0')).toBe(1)
    }
  })
})

describe('basket NAV', () => {
  const prices = { BTCUSDT: '65000', ETHUSDT: '3200', SOLUSDT: '150', BNBUSDT: '580', XRPUSDT: '0.55' }
  const weights = [
    { symbol: 'BTCUSDT', weight: '0.4' },
    { symbol: 'ETHUSDT', weight: '0.25' },
    { symbol: 'SOLUSDT', weight: '0.15' },
    { symbol: 'BNBUSDT', weight: '0.1' },
    { symbol: 'XRPUSDT', weight: '0.1' },
  ]

  it('starts at the launch NAV and weighs each component by its weight', () => {
    const units = basketUnits(weights, '10', prices)
    expect(units[0]?.units).toBe(div('4', '65000', 18, 'half-even'))
    expect(basketNav(units, prices)).toBe('10')
  })

  it('moves by the weighted change of its components', () => {
    const units = basketUnits(weights, '10', prices)
    // BTC +10 %, the rest unchanged: NAV +4 %.
    expect(round(basketNav(units, { ...prices, BTCUSDT: '71500' }), 6)).toBe('10.4')
  })

  it('re-weighting at new prices does not move NAV', () => {
    const units = basketUnits(weights, '10', prices)
    const later = { ...prices, BTCUSDT: '70000', SOLUSDT: '120' }
    const nav = basketNav(units, later)
    const again = basketUnits(weights, nav, later)
    expect(round(basketNav(again, later), 6)).toBe(round(nav, 6))
  })

  it('weights must be positive and sum to 1', () => {
    expect(weightsValid(['0.5', '0.5'])).toBe(true)
    expect(weightsValid(['0.5', '0.4'])).toBe(false)
    expect(weightsValid(['1.2', '-0.2'])).toBe(false)
    expect(weightsValid([])).toBe(false)
  })
})

describe('subscribe and redeem', () => {
  it('subscribe: units = (amount - fee) / NAV, rounded down; fee rounded up', () => {
    expect(subscribeQuote('100', '10', '0.001')).toEqual({ fee: '0.1', units: '9.99' })
    expect(subscribeQuote('1', '3', '0.001')).toEqual({ fee: '0.001', units: '0.333' })
  })

  it('redeem: gross = units x NAV rounded down, fee rounded up', () => {
    expect(redeemQuote('9.99', '10', '0.001')).toEqual({ gross: '99.9', fee: '0.0999', paid: '99.8001' })
  })

  it('subscribing then redeeming at once returns at most amount x (1 - f)^2 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (a, n) => {
          const amount = div(String(a), '100', 2)
          const nav = div(String(n), '10000', 4)
          const s = subscribeQuote(amount, nav, '0.001')
          const r = redeemQuote(s.units, nav, '0.001')
          const bound = mul(amount, mul('0.999', '0.999'))
          expect(cmp(r.paid, bound)).toBeLessThanOrEqual(0)
          expect(cmp(add(r.paid, r.fee), sub(amount, s.fee))).toBeLessThanOrEqual(0)
        },
      ),
    )
  })
})

describe('schedule and change', () => {
  it('rebalances daily at 00:00 UTC+8 (16:00 UTC)', () => {
    const t = Date.parse('2026-11-23T12:51:00Z')
    expect(new Date(lastRebalanceAt(t)).toISOString()).toBe('2026-11-22T16:00:00.000Z')
    expect(new Date(nextRebalanceAt(t)).toISOString()).toBe('2026-11-23T16:00:00.000Z')
    const at = Date.parse('2026-11-23T16:00:00Z')
    expect(lastRebalanceAt(at)).toBe(at)
  })

  it('24 h change against the NAV a day ago, or the oldest point of a younger product', () => {
    const now = Date.parse('2026-11-23T12:00:00Z')
    const h = [
      { ts: now - 30 * 3600_000, nav: '8' },
      { ts: now - 24 * 3600_000, nav: '10' },
      { ts: now - 3600_000, nav: '11' },
    ]
    expect(change24h(h, '11', now)).toBe('10')
    expect(change24h(h.slice(2), '10', now)).toBe('-9.09')
    expect(change24h([], '10', now)).toBeNull()
  })
})
