import { div, isZero, mul, toFixed } from '@common/money/decimal'

/**
 * Sizes of the order form: what was typed and shares of a maximum. What an order freezes and
 * costs is the spot rule both sides share (common/spot/rules.ts).
 */

/** A positive decimal as typed (digits, one optional dot). */
export const validNum = (s: string | undefined): s is string => !!s && /^\d+(\.\d+)?$/.test(s) && !isZero(s)

/** `percent` (0-100) of `whole`, rounded down to `dp`. */
export const shareOf = (whole: string, percent: number, dp: number): string =>
  toFixed(div(mul(whole, String(percent)), '100', dp + 2, 'down'), dp, 'down')
