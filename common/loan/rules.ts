import { add, type DecimalString, div, gt, max, mul, round, sub } from '../money/decimal'

/**
 * Loan rules of docs/spec.md section 9, as pure functions (the server books with them, the app's
 * calculator shows the same numbers). Dates are calendar days in UTC+8 (the spec's default zone,
 * Asia/Shanghai, which keeps no daylight saving), written YYYY-MM-DD.
 */
export const LOAN_COINS = ['USDT', 'BTC', 'ETH'] as const
export type LoanCoin = (typeof LOAN_COINS)[number]
export const LOAN_TERMS = [7, 14, 30, 60] as const
/** Interest per month of the term; a part month counts as a whole month. */
export const MONTHLY_RATE = '0.01'
/** Penalty of the one automatic extension, on the loan amount. */
export const PENALTY_RATE = '0.025'
export const EXTENSION_DAYS = 7
/** Early repayment of a loan worth more than this (USD) repays the total originally due. */
export const EARLY_FULL_THRESHOLD_USD = '3000'
/** Payout promise after approval (hours); the server pays in the approval's own transaction. */
export const PAYOUT_PROMISE_HOURS = 24
/** Push reminders this many days before the due date. */
export const REMIND_DAYS = [3, 1] as const
/** A due date on a weekend or holiday moves forward by at most this many days. */
export const MAX_SHIFT_DAYS = 3
export const DAYS_PER_MONTH = 30
const DAY_MS = 86_400_000
const ZONE_MS = 8 * 3_600_000

export function isLoanCoin(v: unknown): v is LoanCoin {
  return typeof v === 'string' && (LOAN_COINS as readonly string[]).includes(v)
}

/** Months charged for a number of days: a part month is a whole month, at least one. */
export function monthsFor(days: number): number {
  return Math.max(1, Math.ceil(days / DAYS_PER_MONTH))
}

/** Interest of the whole term: amount x monthly rate x months, rounded half-up to dp. */
export function termInterest(
  amount: DecimalString,
  monthlyRate: DecimalString,
  termDays: number,
  dp: number,
) {
  return round(mul(mul(amount, monthlyRate), String(monthsFor(termDays))), dp, 'half-up')
}

/** The daily rate shown for comparison: what the term costs per day (months x rate / days). */
export function dailyRate(monthlyRate: DecimalString, termDays: number): DecimalString {
  return div(mul(monthlyRate, String(monthsFor(termDays))), String(termDays), 8, 'half-up')
}

/** Penalty of the one automatic 7-day extension: 0.025 of the loan amount. */
export function penaltyFor(amount: DecimalString, dp: number): DecimalString {
  return round(mul(amount, PENALTY_RATE), dp, 'half-up')
}

/** Interest, total and daily rate of a loan (the app's calculator and the approval). */
export function quote(amount: DecimalString, monthlyRate: DecimalString, termDays: number, dp: number) {
  const interest = termInterest(amount, monthlyRate, termDays, dp)
  return { interest, total: add(amount, interest), dailyRate: dailyRate(monthlyRate, termDays) }
}

// ---- calendar (UTC+8 days) ----

const pad = (n: number) => String(n).padStart(2, '0')
function ymd(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}
function parseYmd(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d))
}
/** The UTC+8 calendar day of an instant. */
export function localDay(ms: number): string {
  return ymd(new Date(ms + ZONE_MS))
}
export function addDays(day: string, n: number): string {
  return ymd(new Date(parseYmd(day).getTime() + n * DAY_MS))
}
/** The last instant of a UTC+8 day (23:59:59.999). */
export function endOfDay(day: string): number {
  return parseYmd(day).getTime() + DAY_MS - ZONE_MS - 1
}
function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  const wd = parseYmd(day).getUTCDay()
  return wd !== 0 && wd !== 6 && !holidays.has(day)
}

/**
 * The due day of a loan paid out at `startMs` for `termDays`: the term's end, brought to the last
 * 3 days of that month (never earlier than the term's end), then moved forward 1 to 3 days while it
 * falls on a weekend or a holiday (at most 3: after that it stays on the third day).
 */
export function dueDay(startMs: number, termDays: number, holidays: ReadonlySet<string> = new Set()): string {
  const end = addDays(localDay(startMs), termDays)
  const d = parseYmd(end)
  const monthEnd = ymd(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)))
  const windowStart = addDays(monthEnd, -2)
  // YYYY-MM-DD strings sort as dates: the later of the term's end and the window's first day.
  let day = [end, windowStart].sort()[1] as string
  for (let i = 0; i < MAX_SHIFT_DAYS && !isBusinessDay(day, holidays); i++) day = addDays(day, 1)
  return day
}

/** Whole days from one instant to a later one, a part day counted as a day. */
export function daysBetween(fromMs: number, toMs: number): number {
  return Math.max(0, Math.ceil((toMs - fromMs) / DAY_MS))
}

export interface LoanTerms {
  amount: DecimalString
  monthlyRate: DecimalString
  termDays: number
  /** Interest of the whole term (as booked at approval). */
  interest: DecimalString
  /** USD value of the amount at payout. */
  usdValue: DecimalString
  paidAtMs: number
  /** The original due instant (before any extension). */
  dueAtMs: number
  penalty: DecimalString
  repaid: DecimalString
  dp: number
}

/**
 * What settles the loan at `nowMs` (before what is already repaid): principal plus interest, plus
 * the penalty if it was extended. Before the original due date a loan worth at most 3000 USD pays
 * only the interest so far (months elapsed, a part month a month); above 3000 the total
 * originally due (docs/spec.md section 9).
 */
export function settlement(
  t: LoanTerms,
  nowMs: number,
): { total: DecimalString; interest: DecimalString; early: boolean } {
  const early = nowMs < t.dueAtMs && !gt(t.usdValue, EARLY_FULL_THRESHOLD_USD)
  let interest = t.interest
  if (early) {
    const months = Math.min(monthsFor(daysBetween(t.paidAtMs, nowMs)), monthsFor(t.termDays))
    interest = round(mul(mul(t.amount, t.monthlyRate), String(months)), t.dp, 'half-up')
  }
  return { total: add(add(t.amount, interest), t.penalty), interest, early }
}

/** What is left to repay at `nowMs` (never below zero). */
export function leftToRepay(t: LoanTerms, nowMs: number): DecimalString {
  return max('0', sub(settlement(t, nowMs).total, t.repaid))
}

/** Splits a repayment: the penalty is paid first, then interest and principal. */
export function splitRepayment(
  amount: DecimalString,
  penaltyLeft: DecimalString,
): { penalty: DecimalString; rest: DecimalString } {
  const penalty = gt(amount, penaltyLeft) ? penaltyLeft : amount
  return { penalty, rest: sub(amount, penalty) }
}
