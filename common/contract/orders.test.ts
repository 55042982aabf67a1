import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { div, gt, lte } from '../money/decimal'
import { calcLiquidationPrice, calcPnl, calcRequiredMargin, calcTargetPrice } from './calculator'
import { DEFAULT_TIERS_BTC, realizedPnl, tiersWithCum } from './margin'
import { maxOpenLots, orderCost, triggered, validateTpsl } from './orders'

const tiers = tiersWithCum(DEFAULT_TIERS_BTC)

describe('order ticket rules', () => {
  it('max openable lots reserves the taker fee (derivatives.md example: 199 lots)', () => {
    const x = { available: '1000', price: '50000', lotSize: '0.001', leverage: 10, takerFee: '0.0005' }
    expect(maxOpenLots({ ...x, tiers, instrumentMax: 100, dp: 6 })).toBe(199)
    expect(orderCost(199, '0.001', '50000', 10, '0.0005', 6)).toEqual({
      margin: '995',
      fee: '4.975',
      total: '999.975',
    })
  })

  it('the max is always affordable and one more lot is not (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 6 }),
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        (avail, price, lev) => {
          const a = {
            available: String(avail),
            price: String(price),
            lotSize: '0.001',
            leverage: lev,
            takerFee: '0.0005',
          }
          const n = maxOpenLots({ ...a, tiers, instrumentMax: 100, dp: 6 })
          if (n > 0 && gt(orderCost(n, '0.001', a.price, lev, '0.0005', 6).total, a.available)) return false
          const tierOk = lev <= 20 || n === 0
          return (
            !tierOk || !lte(orderCost(n + 1, '0.001', a.price, lev, '0.0005', 6).total, a.available) || n > 0
          )
        },
      ),
    )
  })

  it('TP/SL: long above/below both prices, short the reverse (SPEC section 5)', () => {
    expect(validateTpsl('long', '100', '105', '110', '90')).toBeNull()
    expect(validateTpsl('long', '100', '105', '103', null)).toBe('tpInvalid')
    expect(validateTpsl('long', '100', '95', null, '97')).toBe('slInvalid')
    expect(validateTpsl('short', '100', '95', '90', '110')).toBeNull()
    expect(validateTpsl('short', '100', '95', '97', null)).toBe('tpInvalid')
    expect(validateTpsl('short', '100', '105', null, '103')).toBe('slInvalid')
    // A trigger at 0 (a tiny price rounded to the precision) is refused on either side.
    expect(validateTpsl('long', '100', '105', '0', null)).toBe('tpInvalid')
    expect(validateTpsl('long', '100', '105', null, '0')).toBe('slInvalid')
    expect(validateTpsl('short', '100', '95', '0', null)).toBe('tpInvalid')
    expect(validateTpsl('short', '100', '95', null, '0')).toBe('slInvalid')
  })

  it('triggers from the index; TP and SL never both', () => {
    expect(triggered('long', '111', '110', '90')).toBe('tp')
    expect(triggered('long', '90', '110', '90')).toBe('sl')
    expect(triggered('long', '100', '110', '90')).toBeNull()
    expect(triggered('short', '89', '90', '110')).toBe('tp')
    expect(triggered('short', '110', '90', '110')).toBe('sl')
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (idx, open) => {
        const tp = String(open + 10)
        const sl = String(Math.max(1, open - 10))
        const t = triggered('long', String(idx), tp, sl)
        return t === null || t === 'tp' || t === 'sl'
      }),
    )
  })
})

describe('calculator', () => {
  it('PnL, ROE, target price, required margin', () => {
    expect(calcPnl({ side: 'long', qty: '0.1', entry: '50000', exit: '55000', leverage: 10, dp: 6 })).toEqual(
      {
        initialMargin: '500',
        pnl: '500',
        roe: '100',
      },
    )
    expect(calcTargetPrice({ side: 'long', entry: '50000', roePercent: '100', leverage: 10, pdp: 2 })).toBe(
      '55000',
    )
    expect(calcTargetPrice({ side: 'short', entry: '50000', roePercent: '50', leverage: 10, pdp: 2 })).toBe(
      '47500',
    )
    expect(calcRequiredMargin('0.1', '50000', 10, 6)).toBe('500')
  })

  it('liquidation price: cross long 0.1 BTC at 50,000 with 1,000 wallet -> 40,160.64', () => {
    expect(
      calcLiquidationPrice({
        side: 'long',
        qty: '0.1',
        entry: '50000',
        walletBalance: '1000',
        tiers,
        pdp: 2,
      }),
    ).toBe('40160.64')
  })

  it('agrees with settlement: the PnL at the target price realizes the target ROE (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1000, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -90, max: 500 }),
        fc.constantFrom('long' as const, 'short' as const),
        (lots, entry, lev, roe, side) => {
          const qty = div(String(lots), '1000', 3)
          const target = calcTargetPrice({
            side,
            entry: String(entry),
            roePercent: String(roe),
            leverage: lev,
            pdp: 10,
          })
          const { initialMargin, roe: got } = calcPnl({
            side,
            qty,
            entry: String(entry),
            exit: target,
            leverage: lev,
            dp: 10,
          })
          const settled = realizedPnl(side, qty, String(entry), target)
          return (
            Math.abs(Number(got) - roe) <= 0.01 &&
            settled ===
              calcPnl({ side, qty, entry: String(entry), exit: target, leverage: lev, dp: 10 }).pnl &&
            !!initialMargin
          )
        },
      ),
    )
  })
})
