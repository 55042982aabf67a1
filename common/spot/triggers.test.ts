import { describe, expect, it } from 'vitest'
import {
  directionOf,
  executesAs,
  fires,
  firesAtOnce,
  isConditional,
  trailActivatesAtOnce,
  trailStep,
  trailTrigger,
} from './triggers'

describe('conditional order trigger rules', () => {
  it('a stop sells on the way down and buys on the way up; a take-profit the mirror', () => {
    expect(directionOf('stop_limit', 'sell')).toBe('down')
    expect(directionOf('stop_market', 'buy')).toBe('up')
    expect(directionOf('take_profit_limit', 'sell')).toBe('up')
    expect(directionOf('take_profit_market', 'buy')).toBe('down')
    expect(directionOf('trailing_stop', 'sell')).toBe('down')
    expect(executesAs('stop_limit')).toBe('limit')
    expect(executesAs('take_profit_market')).toBe('market')
    expect(executesAs('trailing_stop')).toBe('market')
    expect(isConditional('limit')).toBe(false)
    expect(isConditional('trailing_stop')).toBe(true)
  })

  it('fires at the trigger price itself and beyond it, not before', () => {
    expect(fires('down', 100, 100)).toBe(true)
    expect(fires('down', 100, 99)).toBe(true)
    expect(fires('down', 100, 101)).toBe(false)
    expect(fires('up', 100, 100)).toBe(true)
    expect(fires('up', 100, 101)).toBe(true)
    expect(fires('up', 100, 99)).toBe(false)
  })

  it('refuses at placement a trigger the last price already reached, and accepts any without a trade yet', () => {
    expect(firesAtOnce('down', 100, 100)).toBe(true)
    expect(firesAtOnce('down', 100, 101)).toBe(false)
    expect(firesAtOnce('up', 100, 99)).toBe(false)
    expect(firesAtOnce('up', 100, null)).toBe(false)
    expect(trailActivatesAtOnce('sell', 110, 110)).toBe(true)
    expect(trailActivatesAtOnce('sell', 110, 100)).toBe(false)
    expect(trailActivatesAtOnce('buy', 90, 100)).toBe(false)
    expect(trailActivatesAtOnce('buy', null, 100)).toBe(false)
  })

  it('trails by the callback rate, rounded to the tick away from the watermark, exactly', () => {
    // 1 % under 10,000 ticks is 9,900; 1 % over 10,001 is 10,101.01 -> 10,102.
    expect(trailTrigger('sell', 10_000, 100)).toBe(9_900)
    expect(trailTrigger('sell', 10_001, 100)).toBe(9_900)
    expect(trailTrigger('buy', 10_000, 100)).toBe(10_100)
    expect(trailTrigger('buy', 10_001, 100)).toBe(10_102)
    // Near the top of the safe range the integer rule still holds.
    const big = 2 ** 52
    expect(trailTrigger('sell', big, 2000)).toBe(Number((BigInt(big) * 8000n) / 10_000n))
  })

  it('a trailing sell keeps the highest price and fires on the callback from it', () => {
    let t = { side: 'sell' as const, callbackBps: 500, activation: null, watermark: null as number | null }
    const seen: boolean[] = []
    for (const p of [1000, 1100, 1050, 1046, 1045]) {
      const r = trailStep(t, p)
      t = { ...t, watermark: r.watermark }
      seen.push(r.fired)
    }
    // High 1,100: fires at or below 1,045.
    expect(t.watermark).toBe(1100)
    expect(seen).toEqual([false, false, false, false, true])
  })

  it('a trailing buy waits for its activation price, then keeps the lowest price', () => {
    let t = { side: 'buy' as const, callbackBps: 1000, activation: 900, watermark: null as number | null }
    const seen: boolean[] = []
    for (const p of [950, 901, 900, 800, 870, 880]) {
      const r = trailStep(t, p)
      t = { ...t, watermark: r.watermark }
      seen.push(r.fired)
    }
    // Not active at 950 and 901; active at 900; low 800 -> fires at or above 880.
    expect(t.watermark).toBe(800)
    expect(seen).toEqual([false, false, false, false, false, true])
  })

  it('a restart keeps the stored watermark: the next price is judged against it', () => {
    const r = trailStep({ side: 'sell', callbackBps: 100, activation: null, watermark: 2000 }, 1980)
    expect(r).toEqual({ watermark: 2000, fired: true })
  })
})
