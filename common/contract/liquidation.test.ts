import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, cmp, div, lt, mul, sub } from '../money/decimal'
import { accountRisk, crossLiquidationPrice, isLiquidatable, riskRatePercent } from './liquidation'
import { maintenanceMargin, tiersWithCum } from './margin'

const tiers = tiersWithCum([
  { floor: '0', mmr: '0.004', maxLeverage: 125 },
  { floor: '50000', mmr: '0.005', maxLeverage: 100 },
  { floor: '250000', mmr: '0.01', maxLeverage: 50 },
  { floor: '1000000', mmr: '0.025', maxLeverage: 20 },
])
const flat = tiersWithCum([{ floor: '0', mmr: '0.004', maxLeverage: 125 }])
const r2 = (s: string | undefined) => (s === undefined ? s : div(s, '1', 2, 'half-up'))

describe('cross liquidation price (derivatives.md worked examples)', () => {
  const base = { otherMm: '0', otherUpnl: '0', tiers: flat, mark: '50000' }

  it('isolated long and short (WB = margin)', () => {
    const long = crossLiquidationPrice({
      ...base,
      walletBalance: '500',
      long: { qty: '0.1', entry: '50000' },
      short: null,
    })
    expect(r2(long?.price)).toBe('45180.72')
    expect(long?.direction).toBe('down')
    const short = crossLiquidationPrice({
      ...base,
      walletBalance: '500',
      long: null,
      short: { qty: '0.1', entry: '50000' },
    })
    expect(r2(short?.price)).toBe('54780.88')
    expect(short?.direction).toBe('up')
  })

  it('cross long with 1,000 wallet', () => {
    const lp = crossLiquidationPrice({
      ...base,
      walletBalance: '1000',
      long: { qty: '0.1', entry: '50000' },
      short: null,
    })
    expect(r2(lp?.price)).toBe('40160.64')
  })

  it('hedge: long 0.1@50,000 + short 0.05@52,000, WB 1,000', () => {
    const lp = crossLiquidationPrice({
      ...base,
      walletBalance: '1000',
      long: { qty: '0.1', entry: '50000' },
      short: { qty: '0.05', entry: '52000' },
    })
    expect(r2(lp?.price)).toBe('28340.08')
    // At that price MB = MM = 17.00.
    const at = lp?.price as string
    const risk = accountRisk('1000', [
      { symbol: 'X', side: 'long', qty: '0.1', entry: '50000', mark: at, tiers: flat },
      { symbol: 'X', side: 'short', qty: '0.05', entry: '52000', mark: at, tiers: flat },
    ])
    expect(r2(risk.marginBalance)).toBe('17')
    expect(r2(risk.maintenance)).toBe('17')
  })

  it('tier 3 isolated long 10 BTC@50,000 10x', () => {
    const lp = crossLiquidationPrice({
      otherMm: '0',
      otherUpnl: '0',
      tiers,
      mark: '50000',
      walletBalance: '50000',
      long: { qty: '10', entry: '50000' },
      short: null,
    })
    expect(r2(lp?.price)).toBe('45323.23')
  })

  it('no price liquidates a fully covered position', () => {
    expect(
      crossLiquidationPrice({
        ...base,
        walletBalance: '100000',
        long: { qty: '0.1', entry: '50000' },
        short: null,
      }),
    ).toBeNull()
  })

  it('at the computed price MB = MM within a tick; more wallet moves LP away (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1000, max: 100_000 }),
        fc.integer({ min: 2, max: 100 }),
        fc.constantFrom('long' as const, 'short' as const),
        (lots, entry, lev, side) => {
          const qty = div(String(lots), '1000', 3)
          const wb = div(mul(qty, String(entry)), String(lev), 6, 'up')
          const leg = { qty, entry: String(entry) }
          const x = {
            otherMm: '0',
            otherUpnl: '0',
            tiers,
            mark: String(entry),
            walletBalance: wb,
            long: side === 'long' ? leg : null,
            short: side === 'short' ? leg : null,
          }
          const lp = crossLiquidationPrice(x)
          if (!lp) return true
          const risk = accountRisk(wb, [
            { symbol: 'X', side, qty, entry: String(entry), mark: lp.price, tiers },
          ])
          // One price tick of 0.01 moves MB - MM by at most qty x 0.01 x (1 + MMR).
          const gap = sub(risk.marginBalance, risk.maintenance).replace('-', '')
          if (cmp(gap, mul(qty, '0.011')) > 0) return false
          const richer = crossLiquidationPrice({ ...x, walletBalance: add(wb, '10') })
          if (!richer) return true
          return side === 'long' ? lt(richer.price, lp.price) : lt(lp.price, richer.price)
        },
      ),
    )
  })

  it('risk rate and the liquidation condition', () => {
    expect(riskRatePercent('17', '17')).toBe('100')
    expect(riskRatePercent('5', '100')).toBe('5')
    expect(isLiquidatable('17', '17')).toBe(true)
    expect(isLiquidatable('18', '17')).toBe(false)
    expect(isLiquidatable('0', '0')).toBe(false)
    expect(maintenanceMargin(flat, '5000')).toBe('20')
  })
})
