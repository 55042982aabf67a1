import { describe, expect, it } from 'vitest'
import { PriceSimulator, type SimInstrument } from './simulator'

const BTC: SimInstrument = {
  symbol: 'BTCUSDT',
  underlying: 'BTC',
  pricePrecision: 2,
  amountPrecision: 6,
  startPrice: 65000,
  refPrice: 65000,
  volatility: 0.55,
  dailyTurnover: 1.2e9,
}
const PERP = { ...BTC, symbol: 'BTCUSDT_PERP', dailyTurnover: 3.6e9 }
const EUR: SimInstrument = {
  symbol: 'EURUSD',
  underlying: 'EURUSD',
  pricePrecision: 5,
  amountPrecision: 2,
  startPrice: 1.085,
  refPrice: 1.085,
  volatility: 0.07,
  dailyTurnover: 4e8,
}

function run(seed: string, steps: number, list = [BTC, PERP, EUR]) {
  const sim = new PriceSimulator(seed, list)
  const out = []
  for (let i = 1; i <= steps; i++) out.push(...sim.step(i * 1000, 1000))
  return out
}

describe('simulated index feed', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(run('alpha', 200)).toEqual(run('alpha', 200))
    expect(run('alpha', 50)).not.toEqual(run('beta', 50))
  })

  it('one instrument does not change another instrument path when added', () => {
    const alone = run('s', 100, [EUR]).map((t) => t.price)
    const together = run('s', 100, [BTC, EUR])
      .filter((t) => t.symbol === 'EURUSD')
      .map((t) => t.price)
    expect(together).toEqual(alone)
  })

  it('spot and perpetual share the index price but not the volume', () => {
    const ticks = run('x', 30)
    for (let i = 0; i < ticks.length; i += 3) {
      expect(ticks[i]?.price).toBe(ticks[i + 1]?.price)
    }
    expect(ticks.filter((t) => t.symbol === 'BTCUSDT').map((t) => t.volume)).not.toEqual(
      ticks.filter((t) => t.symbol === 'BTCUSDT_PERP').map((t) => t.volume),
    )
  })

  it('emits integer units, starts at the start price and moves with the configured volatility', () => {
    const ticks = run('vol', 3600, [BTC]).map((t) => t.price)
    expect(ticks.every(Number.isSafeInteger)).toBe(true)
    expect(Math.abs((ticks[0] as number) - 6500000)).toBeLessThan(6500000 * 0.01)
    const rets = ticks.slice(1).map((p, i) => Math.log(p / (ticks[i] as number)))
    const sd = Math.sqrt(rets.reduce((s, r) => s + r * r, 0) / rets.length)
    const annual = sd * Math.sqrt(365 * 24 * 3600)
    expect(annual).toBeGreaterThan(0.45)
    expect(annual).toBeLessThan(0.65)
  })

  it('volume averages out near the reference turnover', () => {
    const ticks = run('turn', 24 * 360, [EUR]).map((t) => t.volume)
    const perSecond = ticks.reduce((s, v) => s + v, 0) / 100 / ticks.length
    const expected = 4e8 / 86400 / 1.085
    expect(perSecond / expected).toBeGreaterThan(0.85)
    expect(perSecond / expected).toBeLessThan(1.15)
  })

  it('continues from the given start price (restart)', () => {
    const sim = new PriceSimulator('r', [{ ...BTC, startPrice: 70123.45 }])
    const first = sim.step(1000, 1000)[0]?.price as number
    expect(Math.abs(first - 7012345)).toBeLessThan(7012345 * 0.005)
  })
})
