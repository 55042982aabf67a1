import { add, cmp, isNegative, sub, sum } from '@common/money/decimal'
import { describe, expect, it } from 'vitest'
import {
  bandOf,
  boundaryAtOrBefore,
  buyableRoundStart,
  feeOf,
  OPTION_TYPES,
  type OptionType,
  payoutOf,
  poolOutflow,
  profitOf,
  type RoundBook,
  resultOf,
  withOrder,
  worstCase,
} from './rules'

const rates = { up: '0.8', down: '0.8', flat: '3' }
/** A 30 s boundary (epoch seconds). */
const B = 999_999_990

describe('option rounds', () => {
  it('aligns rounds to period boundaries; days at 00:00 UTC+8', () => {
    expect(boundaryAtOrBefore(B + 15, 30)).toBe(B)
    expect(boundaryAtOrBefore(B, 30)).toBe(B)
    const day = boundaryAtOrBefore(1_700_000_000, 86400)
    expect((day + 8 * 3600) % 86400).toBe(0)
    expect(day).toBeLessThanOrEqual(1_700_000_000)
  })

  it('takes orders until the cut-off, then for the round after', () => {
    // 1 s after a boundary -> the round starting 30 s later (cut-off 5 s before it).
    expect(buyableRoundStart((B + 1) * 1000, 30, 5)).toBe(B + 30)
    expect(buyableRoundStart((B + 25) * 1000 - 1, 30, 5)).toBe(B + 30)
    // At the cut-off second: the next round.
    expect(buyableRoundStart((B + 25) * 1000, 30, 5)).toBe(B + 60)
    // A cut-off longer than the period skips as many rounds as needed.
    expect(buyableRoundStart((B + 16) * 1000, 30, 45)).toBe(B + 90)
    expect(buyableRoundStart((B + 1) * 1000, 30, 45)).toBe(B + 60)
  })
})

describe('option result and payout', () => {
  it('band is open x rate at the price precision; up / down beyond it, flat within (edges flat)', () => {
    expect(bandOf('65000', '0.00002', 2)).toBe('1.3')
    expect(resultOf('65000', '65001.31', '1.3')).toBe('up')
    expect(resultOf('65000', '65001.3', '1.3')).toBe('flat')
    expect(resultOf('65000', '64998.7', '1.3')).toBe('flat')
    expect(resultOf('65000', '64998.69', '1.3')).toBe('down')
    expect(resultOf('100', '100', '0')).toBe('flat')
  })

  it('pays principal + principal x rate to winners (rounded down), nothing to losers, never negative', () => {
    expect(payoutOf('100', '0.8', true)).toBe('180')
    expect(payoutOf('100', '0.8', false)).toBe('0')
    expect(profitOf('0.33333333', '0.85')).toBe('0.28333333')
    expect(payoutOf('10', '-1', true)).toBe('10')
    expect(feeOf('100', '0.002')).toBe('0.2')
    expect(feeOf('0.00000001', '0.002')).toBe('0.00000001') // rounded up, never free
  })

  it('worst case is the largest net outflow of the three results', () => {
    const book: RoundBook = { up: '100', down: '50', flat: '10' }
    expect(poolOutflow(book, rates, 'up')).toBe('20') // 80 - 60
    expect(poolOutflow(book, rates, 'down')).toBe('-70') // 40 - 110
    expect(poolOutflow(book, rates, 'flat')).toBe('-120') // 30 - 150
    expect(worstCase(book, rates)).toBe('20')
    expect(worstCase({ up: '0', down: '0', flat: '0' }, rates)).toBe('0')
    expect(worstCase(withOrder(book, 'flat', '200000'), rates)).toBe('599880') // 600,030 profit - 150 losers
  })
})

/** A deterministic generator (mulberry32). */
function prng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('property: any sequence of rounds', () => {
  it('the ledger sums to zero and the pool never goes negative when orders beyond the pool are refused', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rnd = prng(seed)
      let pool = String(Math.floor(rnd() * 5000))
      const start = pool
      let users = '0'
      let fees = '0'
      for (let round = 0; round < 20; round++) {
        let book: RoundBook = { up: '0', down: '0', flat: '0' }
        const orders: { type: OptionType; amount: string }[] = []
        for (let i = 0; i < 1 + Math.floor(rnd() * 12); i++) {
          const type = OPTION_TYPES[Math.floor(rnd() * 3)] as OptionType
          const amount = (10 + rnd() * 900).toFixed(2)
          const next = withOrder(book, type, amount)
          if (cmp(worstCase(next, rates), pool) > 0) continue // refused
          book = next
          orders.push({ type, amount })
          const fee = feeOf(amount, '0.002')
          users = sub(users, add(amount, fee))
          fees = add(fees, fee)
        }
        const result = OPTION_TYPES[Math.floor(rnd() * 3)] as OptionType
        const payouts: string[] = []
        for (const o of orders) {
          const won = o.type === result
          const payout = payoutOf(o.amount, rates[o.type], won)
          expect(isNegative(payout)).toBe(false)
          payouts.push(payout)
          // principal: frozen -> pool (lose) or back + profit from the pool (win)
          pool = won ? sub(pool, profitOf(o.amount, rates[o.type])) : add(pool, o.amount)
        }
        users = add(users, sum(payouts.length ? payouts : ['0']))
        expect(isNegative(pool), `seed ${seed} round ${round}`).toBe(false)
        // Every unit of money is somewhere: users' net + fees + pool change = 0.
        expect(cmp(add(add(users, fees), sub(pool, start)), '0')).toBe(0)
      }
    }
  })
})
