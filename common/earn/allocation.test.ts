import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, gt, lte, mul, sub, sum } from '../money/decimal'
import { fromBigUnits, toBigUnits } from '../money/units'
import { allocate } from './allocation'

const P = { supply: '1000', price: '0.5', coinDp: 4, currencyDp: 6 }

describe('allocate', () => {
  it('gives everyone amount / price when not oversubscribed, refunding the rounding only', () => {
    const r = allocate(
      [
        { id: 'a', amount: '100' },
        { id: 'b', amount: '0.33333' },
      ],
      P,
    )
    expect(r.oversubscribed).toBe(false)
    expect(r.list).toEqual([
      { id: 'a', coins: '200', paid: '100', refund: '0' },
      // 0.33333 / 0.5 = 0.66666 -> 0.6666 coins, paid 0.3333, refund 0.00003
      { id: 'b', coins: '0.6666', paid: '0.3333', refund: '0.00003' },
    ])
  })

  it('is pro rata when oversubscribed, rounding coins down and the price up', () => {
    const r = allocate(
      [
        { id: 'a', amount: '600' },
        { id: 'b', amount: '300' },
        { id: 'c', amount: '100' },
      ],
      P,
    )
    // Demand 1000 USDT for 500 USDT of coins: half of each.
    expect(r.oversubscribed).toBe(true)
    expect(r.list.map((x) => x.coins)).toEqual(['600', '300', '100'])
    expect(r.list.map((x) => x.refund)).toEqual(['300', '150', '50'])
    expect(r.totalCoins).toBe('1000')
    const odd = allocate(
      [
        { id: 'a', amount: '1' },
        { id: 'b', amount: '1' },
        { id: 'c', amount: '1' },
      ],
      { supply: '1', price: '1', coinDp: 2, currencyDp: 2 },
    )
    expect(odd.list.map((x) => x.coins)).toEqual(['0.33', '0.33', '0.33'])
    expect(odd.list.map((x) => x.paid)).toEqual(['0.33', '0.33', '0.33'])
    expect(odd.totalCoins).toBe('0.99')
  })

  it('handles an empty project and exact supply', () => {
    expect(allocate([], P)).toMatchObject({ oversubscribed: false, totalCoins: '0', list: [] })
    const r = allocate([{ id: 'a', amount: '500' }], P)
    expect(r).toMatchObject({ oversubscribed: false, totalCoins: '1000', totalRefund: '0' })
  })

  it('units round-trip', () => {
    expect(toBigUnits('1.5', 6)).toBe(1_500_000n)
    expect(fromBigUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromBigUnits(5n, 4)).toBe('0.0005')
    expect(fromBigUnits(0n, 0)).toBe('0')
    expect(() => toBigUnits('1.1234567', 6)).toThrow()
  })

  const amount = (dp: number) => fc.bigInt({ min: 1n, max: 10n ** 12n }).map((u) => fromBigUnits(u, dp))

  it('property: never over supply; every refund exact and non-negative; paid covers the coins', () => {
    fc.assert(
      fc.property(
        fc.array(amount(6), { minLength: 1, maxLength: 60 }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 8 }),
        (amounts, supplyU, priceU, coinDp) => {
          const supply = fromBigUnits(supplyU, coinDp)
          const price = fromBigUnits(priceU, 4)
          const r = allocate(
            amounts.map((a, i) => ({ id: String(i), amount: a })),
            { supply, price, coinDp, currencyDp: 6 },
          )
          expect(lte(r.totalCoins, supply)).toBe(true)
          expect(sum(r.list.map((x) => x.coins))).toBe(r.totalCoins)
          for (const [i, x] of r.list.entries()) {
            const c = amounts[i] as string
            expect(add(x.paid, x.refund)).toBe(c)
            expect(gt('0', x.refund)).toBe(false)
            // paid is coins x price rounded up by less than one unit of the currency
            const exact = mul(x.coins, price)
            expect(lte(exact, x.paid)).toBe(true)
            expect(gt(sub(x.paid, exact), '0.000001')).toBe(false)
          }
          expect(add(r.totalPaid, r.totalRefund)).toBe(sum(amounts))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('property: pro rata is fair (a larger commitment never gets fewer coins)', () => {
    fc.assert(
      fc.property(fc.array(amount(2), { minLength: 2, maxLength: 30 }), (amounts) => {
        const r = allocate(
          amounts.map((a, i) => ({ id: String(i), amount: a })),
          { supply: '1000', price: '3', coinDp: 3, currencyDp: 2 },
        )
        for (let i = 0; i < amounts.length; i++)
          for (let j = 0; j < amounts.length; j++)
            if (gt(amounts[i] as string, amounts[j] as string))
              expect(gt((r.list[j] as { coins: string }).coins, (r.list[i] as { coins: string }).coins)).toBe(
                false,
              )
      }),
    )
  })
})
