import { describe, expect, it } from 'vitest'
import {
  dailyRate,
  dueDay,
  endOfDay,
  type LoanTerms,
  leftToRepay,
  localDay,
  monthsFor,
  penaltyFor,
  quote,
  settlement,
  splitRepayment,
  termInterest,
} from './rules'

/** An instant given as a UTC+8 wall-clock time. */
const at = (local: string) => Date.parse(`${local}+08:00`)

describe('interest (0.01 per month, a part month is a month)', () => {
  it.each([
    [7, 1],
    [14, 1],
    [30, 1],
    [31, 2],
    [60, 2],
    [61, 3],
    [0, 1],
  ])('%i days are %i month(s)', (days, months) => {
    expect(monthsFor(days)).toBe(months)
  })

  it.each([
    ['1000', 7, 2, '10'],
    ['1000', 14, 2, '10'],
    ['1000', 30, 2, '10'],
    ['1000', 60, 2, '20'],
    ['0.5', 60, 8, '0.01'],
    ['2.345', 7, 8, '0.02345'],
    ['123.45', 14, 2, '1.23'],
  ])('%s for %i days (dp %i) costs %s', (amount, days, dp, interest) => {
    expect(termInterest(amount, '0.01', days, dp)).toBe(interest)
  })

  it.each([
    [7, '0.00142857'],
    [14, '0.00071429'],
    [30, '0.00033333'],
    [60, '0.00033333'],
  ])('the daily rate shown for %i days is %s', (days, rate) => {
    expect(dailyRate('0.01', days)).toBe(rate)
  })

  it('quotes interest and total', () => {
    expect(quote('5000', '0.01', 60, 2)).toEqual({ interest: '100', total: '5100', dailyRate: '0.00033333' })
  })
})

describe('penalty (0.025 of the loan amount)', () => {
  it.each([
    ['1000', 2, '25'],
    ['0.5', 8, '0.0125'],
    ['3', 8, '0.075'],
    ['10.01', 2, '0.25'],
  ])('%s (dp %i) pays %s', (amount, dp, penalty) => {
    expect(penaltyFor(amount, dp)).toBe(penalty)
  })
})

describe('due date (last 3 days of the month, moved 1-3 days for weekends and holidays)', () => {
  it.each([
    // start (UTC+8), term, holidays, due day
    ['2026-11-05T10:00', 7, [], '2026-11-30'], // window starts Sat 28: Sun 29, then Mon 30
    ['2026-11-25T10:00', 7, [], '2026-12-29'], // term ends 2 Dec: Tue 29 Dec
    ['2026-12-01T10:00', 30, [], '2026-12-31'], // term ends in the window, a Thursday
    ['2026-12-01T10:00', 30, ['2026-12-31', '2027-01-01'], '2027-01-03'], // holiday, holiday, Sat: at most 3 days
    ['2027-01-01T10:00', 14, [], '2027-01-29'],
    ['2026-12-31T10:00', 60, [], '2027-03-29'],
    ['2027-02-20T10:00', 7, [], '2027-03-01'], // Sat 27 Feb, Sun 28, Mon 1 Mar
    ['2027-01-20T10:00', 7, ['2027-01-29'], '2027-02-01'], // holiday Fri 29, Sat, Sun: the third day
    ['2026-11-05T01:00', 7, [], '2026-11-30'], // 17:00 UTC the day before is already 5 Nov in UTC+8
  ])('paid %s for %i days (holidays %j) is due %s', (start, term, holidays, due) => {
    expect(dueDay(at(start), term, new Set(holidays))).toBe(due)
  })

  it('days are UTC+8 days and end at 23:59:59.999 there', () => {
    expect(localDay(Date.parse('2026-11-04T16:00:00Z'))).toBe('2026-11-05')
    expect(localDay(Date.parse('2026-11-04T15:59:59Z'))).toBe('2026-11-04')
    expect(new Date(endOfDay('2026-11-30')).toISOString()).toBe('2026-11-30T15:59:59.999Z')
  })
})

describe('early repayment (above 3000 USD repays the total originally due)', () => {
  const paid = at('2026-11-05T10:00')
  const due = endOfDay(dueDay(paid, 60))
  const loan = (amount: string, usd: string, extra: Partial<LoanTerms> = {}): LoanTerms => ({
    amount,
    monthlyRate: '0.01',
    termDays: 60,
    interest: termInterest(amount, '0.01', 60, 2),
    usdValue: usd,
    paidAtMs: paid,
    dueAtMs: due,
    penalty: '0',
    repaid: '0',
    dp: 2,
    ...extra,
  })
  const tenDays = paid + 10 * 86_400_000
  const fortyDays = paid + 40 * 86_400_000

  it.each([
    // amount, usd value, now, total to settle, early rate applied
    ['2000', '2000', tenDays, '2020', true], // below: one month so far
    ['2000', '2000', fortyDays, '2040', true], // below: two months so far (a part month counts)
    ['3000', '3000', tenDays, '3030', true], // exactly 3000 is not above
    ['3000.01', '3000.01', tenDays, '3060.01', false], // above: the whole term's interest
    ['5000', '5000', tenDays, '5100', false],
    ['2000', '2000', due + 1, '2040', false], // at or after the due date everything is due
  ])('%s (%s USD) settles at %s', (amount, usd, now, total, early) => {
    const s = settlement(loan(amount, usd), now)
    expect(s.total).toBe(total)
    expect(s.early).toBe(early)
  })

  it('adds the penalty and subtracts what is repaid', () => {
    const t = loan('1000', '1000', { penalty: '25', repaid: '300' })
    expect(leftToRepay(t, due + 1)).toBe('745')
    expect(leftToRepay({ ...t, repaid: '2000' }, due + 1)).toBe('0')
  })

  it('pays the penalty first', () => {
    expect(splitRepayment('30', '25')).toEqual({ penalty: '25', rest: '5' })
    expect(splitRepayment('10', '25')).toEqual({ penalty: '10', rest: '0' })
    expect(splitRepayment('10', '0')).toEqual({ penalty: '0', rest: '10' })
  })
})
