import { describe, expect, it } from 'vitest'
import {
  amountChips,
  countdown,
  linePoints,
  optionNet,
  percentDp,
  ratePercent,
  signTrend,
  winNet,
} from './view'

describe('option view helpers', () => {
  it('formats countdowns, never negative', () => {
    expect(countdown(42_000)).toBe('00:42')
    expect(countdown(41_001)).toBe('00:42')
    expect(countdown(3_725_000)).toBe('1:02:05')
    expect(countdown(-5)).toBe('00:00')
  })
  it('gives rates in percent units for the formatter, exact, at most 4 decimals', () => {
    expect(ratePercent('0.8')).toBe('80')
    expect(ratePercent('0.825')).toBe('82.5')
    expect(ratePercent('3')).toBe('300')
    expect(ratePercent('0.00002')).toBe('0.002')
    expect(percentDp(ratePercent('0.825'))).toBe(1)
    expect(percentDp(ratePercent('0.8'))).toBe(0)
  })
  it('shows what a settled option did to the account: the fee counts', () => {
    // A won 50 USDT up at 80 % with a 0.10 fee: 90 paid, the account gained 39.90 (issue 34).
    expect(optionNet({ payout: '90', amount: '50', fee: '0.1' })).toBe('39.9')
    expect(optionNet({ payout: '0', amount: '50', fee: '0.1' })).toBe('-50.1')
    // A void round refunds the amount and the fee.
    expect(optionNet({ payout: '50.1', amount: '50', fee: '0.1' })).toBe('0')
    expect(optionNet({ payout: null, amount: '50', fee: '0.1' })).toBeNull()
  })
  it('shows what a win would add, the fee paid, coloured by sign', () => {
    expect(winNet('50', '0.8', '0.002')).toBe('39.9')
    expect(winNet('10', '0.001', '0.002')).toBe('-0.01')
    expect(signTrend('39.9')).toBe('up')
    expect(signTrend('-0.01')).toBe('down')
    expect(signTrend('0')).toBe('flat')
  })
  it('scales a price line into the box, flat series centred', () => {
    const l = linePoints(
      [
        { t: 0, p: 10 },
        { t: 10, p: 20 },
      ],
      100,
      50,
      0,
      10,
    )
    expect(l.points.split(' ')[0]?.startsWith('0.0,')).toBe(true)
    expect(l.y(20)).toBeLessThan(l.y(10))
    const flat = linePoints([{ t: 0, p: 5 }], 100, 50, 0, 10)
    expect(flat.y(5)).toBeCloseTo(25)
    expect(linePoints([], 100, 50, 0, 1).points).toBe('')
  })
  it('offers the minimum first, then round amounts', () => {
    expect(amountChips('10')).toEqual(['10', '50', '100', '500'])
    expect(amountChips('100')).toEqual(['100', '500', '1000', '5000'])
  })
})
