import { cmp, div, gt, isZero, lt, mul, normalize, round, sub } from '../money/decimal'

/**
 * C2C (peer-to-peer fiat trading) rules: pure, shared by the server and the app. Prices and fiat
 * amounts have 2 decimals; quantities the coin's precision. Honesty rule (docs/design.md): coins in
 * escrow leave it only by the seller's release or an operator's appeal decision; the payment
 * timer only ever cancels (escrow back to the seller).
 */
export const C2C_COINS = ['USDT', 'BTC', 'ETH'] as const
export type C2cCoin = (typeof C2C_COINS)[number]
export const C2C_FIATS = ['CNY', 'USD', 'EUR', 'TWD', 'HKD'] as const
export type C2cFiat = (typeof C2C_FIATS)[number]
export const PAY_KINDS = ['bank', 'alipay', 'wechat'] as const
export type PayKind = (typeof PAY_KINDS)[number]

/** docs/spec.md section 9: the buyer pays within 20 minutes unless the ad sets another window. */
export const DEFAULT_PAY_WINDOW_MIN = 20
export const PAY_WINDOWS = [10, 15, 20, 30, 45, 60] as const
/** Buyer cancellations (including unpaid timeouts) in one day after which no new order opens that day. */
/**
 * Example merchants of a fresh install (ids of system-made users). Their ads fill the C2C screen,
 * but their payment details are not real: no order may be opened on them and quick trade skips them.
 */
export const DEMO_MERCHANT_PREFIX = 'c2c-demo-'
export const isDemoMerchant = (userId: string): boolean => userId.startsWith(DEMO_MERCHANT_PREFIX)

export const CANCEL_LIMIT = 3
export const FIAT_DP = 2

export const AD_STATUSES = ['online', 'offline', 'closed', 'completed'] as const
export type AdStatus = (typeof AD_STATUSES)[number]
export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'appeal',
  'completed',
  'cancelled',
  'timeout',
  'closed',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Orders whose escrow is still frozen. */
export const OPEN_ORDER_STATUSES = ['unpaid', 'paid', 'appeal'] as const

export const isOpenStatus = (s: string): boolean => (OPEN_ORDER_STATUSES as readonly string[]).includes(s)

/**
 * An order's quantity and fiat amount from what the taker typed: a fiat amount (the quantity is
 * rounded down to the coin's precision) or a quantity (the amount is rounded half-up to cents).
 */
export function orderFigures(
  price: string,
  input: { amount?: string; quantity?: string },
  dp: number,
): { quantity: string; amount: string } {
  if (input.quantity !== undefined)
    return { quantity: normalize(input.quantity), amount: round(mul(input.quantity, price), FIAT_DP) }
  const amount = input.amount ?? '0'
  return { quantity: round(div(amount, price, dp + 2, 'down'), dp, 'down'), amount: normalize(amount) }
}

export type OrderCheck = 'ok' | 'zero' | 'below_min' | 'above_max' | 'above_left'

/** docs/spec.md section 5: not empty, above 0, within the ad's limits, not above what is left. */
export function checkOrder(
  fig: { quantity: string; amount: string },
  ad: { minAmount: string; maxAmount: string; remaining: string },
): OrderCheck {
  if (isZero(fig.quantity) || isZero(fig.amount)) return 'zero'
  if (gt(fig.quantity, ad.remaining)) return 'above_left'
  if (lt(fig.amount, ad.minAmount)) return 'below_min'
  if (gt(fig.amount, ad.maxAmount)) return 'above_max'
  return 'ok'
}

/** Completion rate in percent (2 decimals) of ended orders; null with none. */
export function completionRate(completed: number, ended: number): string | null {
  if (ended <= 0) return null
  return round(div(String(completed * 100), String(ended), 6), 2)
}

/** Start (epoch ms) of the UTC+8 day containing `now`: the cancel limit's day. */
export function dayStartUtc8(now: number): number {
  const H8 = 8 * 3_600_000
  return Math.floor((now + H8) / 86_400_000) * 86_400_000 - H8
}

/** Payment-account holder name vs. verified identity name: case, spaces and width-insensitive. */
export function sameName(a: string, b: string): boolean {
  const n = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
  return n(a) !== '' && n(a) === n(b)
}

/**
 * Quick buy/sell pick: the best price for the taker (lowest when buying, highest when selling),
 * then the higher completion rate, then the older ad.
 */
export function rankAds<T extends { price: string; completion: string | null; id: string }>(
  ads: T[],
  takerSide: 'buy' | 'sell',
): T[] {
  return [...ads].sort((a, b) => {
    const byPrice = cmp(a.price, b.price) * (takerSide === 'buy' ? 1 : -1)
    if (byPrice !== 0) return byPrice
    const byRate = cmp(b.completion ?? '0', a.completion ?? '0')
    if (byRate !== 0) return byRate
    return BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0
  })
}

/** A settlement suggestion splits the escrow: `toBuyer` within 0..quantity, the rest back to the seller. */
export function splitSettlement(quantity: string, toBuyer: string): { buyer: string; seller: string } | null {
  if (lt(toBuyer, '0') || gt(toBuyer, quantity)) return null
  return { buyer: normalize(toBuyer), seller: sub(quantity, toBuyer) }
}
