/**
 * Service times of the flash exchange desk (docs/spec.md section 9), shown in the exchange page's consultation
 * block. Hours.
 */
export const EXCHANGE_TIMES = {
  /** A bank-transfer exchange or withdrawal must be booked this many hours ahead. */
  bankBookingAhead: 2,
  /** The exchange or redemption completes within this many hours. */
  exchangeWithin: 1,
  /** The funds arrive within this many hours. */
  arrivalWithin: 3,
  /** A stablecoin redemption completes within this many hours. */
  stablecoinRedemptionWithin: 1,
} as const

/** "2 hours", "1 Stunde"...: a whole number of hours in the reader's language. */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours)
}
