import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, cmp, mul, sub } from '../money/decimal'
import {
  averageEntry,
  DEFAULT_TIERS_ALT,
  DEFAULT_TIERS_BTC,
  initialMargin,
  maintenanceMargin,
  realizedPnl,
  roePercent,
  tiersWithCum,
  unrealizedPnl,
} from './margin'

const binance = tiersWithCum([
  { floor: '0', mmr: '0.004', maxLeverage: 125 },
  { floor: '50000', mmr: '0.005', maxLeverage: 100 },
  { floor: '250000', mmr: '0.01', maxLeverage: 50 },
  { floor: '1000000', mmr: '0.025', maxLeverage: 20 },
  { floor: '10000000', mmr: '0.05', maxLeverage: 10 },
  { floor: '20000000', mmr: '0.1', maxLeverage: 5 },
])

describe('margin', () => {
  it('derives cum like the derivatives reference table', () => {
    expect(binance.map((t) => t.cum)).toEqual(['0', '50', '1300', '16300', '266300', '1266300'])
  })

  it('initial margin is notional / leverage rounded up', () => {
    expect(initialMargin('5000', 10, 6)).toBe('500')
    expect(initialMargin('1', 3, 6)).toBe('0.333334')
  })

  it('maintenance margin is continuous at every tier edge', () => {
    for (const tiers of [binance, tiersWithCum(DEFAULT_TIERS_BTC), tiersWithCum(DEFAULT_TIERS_ALT)])
      for (const t of tiers.slice(1)) {
        const below = maintenanceMargin(tiers, sub(t.floor, '0.000001'))
        const at = maintenanceMargin(tiers, t.floor)
        expect(cmp(sub(at, below), '0.0000001')).toBeLessThanOrEqual(0)
        expect(cmp(at, below)).toBeGreaterThanOrEqual(0)
      }
  })

  it('maintenance margin never decreases with notional (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 6 }), (a, d) => {
        const x = maintenanceMargin(binance, String(a))
        const y = maintenanceMargin(binance, String(a + d))
        return cmp(y, x) >= 0
      }),
    )
  })

  it('PnL and ROE', () => {
    expect(unrealizedPnl('long', '0.1', '50000', '51000')).toBe('100')
    expect(unrealizedPnl('short', '0.1', '50000', '51000')).toBe('-100')
    expect(roePercent('100', '500')).toBe('20')
  })

  it('adds at the weighted average and realizes on reduce without moving the entry (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('long' as const, 'short' as const),
        (q1, q2, e1, p2, exit, side) => {
          const avg = averageEntry(String(q1), String(e1), String(q2), String(p2), 20)
          // Closing all at `exit` realizes what the two legs would have separately (up to rounding).
          const whole = realizedPnl(side, String(q1 + q2), avg, String(exit))
          const parts = add(
            realizedPnl(side, String(q1), String(e1), String(exit)),
            realizedPnl(side, String(q2), String(p2), String(exit)),
          )
          const diff = sub(whole, parts)
          return cmp(diff.replace('-', ''), mul('0.00000000001', String(q1 + q2))) <= 0
        },
      ),
    )
  })
})
