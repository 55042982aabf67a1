import * as v from 'valibot'
import { intIn, MAX_TIME_MS } from '../validate/strict'

/*
 * Requests of the HollaEx-compatible API (/api/hollaex/v2/..., docs/api.md): the field names are
 * HollaEx's, as ccxt's `hollaex` class sends them. The server maps each onto this exchange's own
 * request (the spot order schema checks the order itself).
 */

/** A HollaEx pair name: `btc-usdt`. */
export const pairSchema = v.pipe(
  v.string('invalid_symbol'),
  v.regex(/^[a-z0-9]{1,12}-[a-z0-9]{1,12}$/, 'invalid_symbol'),
)

export const pairQuerySchema = v.object({ symbol: pairSchema })
export const optionalPairQuerySchema = v.object({ symbol: v.optional(pairSchema) })

export const HOLLAEX_RESOLUTIONS = ['1m', '5m', '15m', '1h', '4h', '1d', '1D', '1w', '1W'] as const

/** Seconds since the epoch, as ccxt sends `from` and `to`. */
const seconds = intIn(0, Math.floor(MAX_TIME_MS / 1000), 'invalid_time')

/** GET /v2/chart */
export const chartQuerySchema = v.object({
  symbol: pairSchema,
  resolution: v.picklist(HOLLAEX_RESOLUTIONS, 'invalid_period'),
  from: seconds,
  to: seconds,
})

const decimalLike = v.pipe(
  v.union([v.string('invalid_number'), v.number('invalid_number')], 'invalid_number'),
  v.transform(String),
)

/** POST /v2/order */
export const hollaexOrderSchema = v.object({
  symbol: pairSchema,
  side: v.picklist(['buy', 'sell'], 'invalid_side'),
  type: v.picklist(['limit', 'market'], 'invalid_type'),
  size: decimalLike,
  price: v.optional(decimalLike),
  /** A stop (trigger) price: not offered on this surface. */
  stop: v.optional(v.unknown()),
  meta: v.optional(v.object({ post_only: v.optional(v.boolean('invalid_post_only')) })),
})

/** The id of an order: digits. */
export const orderIdQuerySchema = v.object({
  order_id: v.pipe(v.string('invalid_id'), v.regex(/^[1-9]\d{0,17}$/, 'invalid_id')),
})

/** GET /v2/orders and GET /v2/user/trades: newest first, `limit` per page (at most 100). */
export const listQuerySchema = v.object({
  symbol: v.optional(pairSchema),
  open: v.optional(v.picklist(['true', 'false'], 'invalid_field')),
  limit: v.optional(intIn(1, 100, 'invalid_limit'), 50),
  page: v.optional(intIn(1, 10, 'invalid_page'), 1),
  /** ISO 8601: only what was created at or after it. */
  start_date: v.optional(v.pipe(v.string('invalid_time'), v.isoTimestamp('invalid_time'))),
})
