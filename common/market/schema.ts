import * as v from 'valibot'
import { intIn } from '../validate/strict'
import { PERIODS } from './periods'
import { CATEGORIES } from './types'

/** BTCUSDT, BTCUSDT_PERP, XAUUSD, AAPLUSD, EURUSD. */
export const SYMBOL_RE = /^[A-Z0-9]{2,16}(_PERP)?$/
export const symbolSchema = v.pipe(v.string(), v.regex(SYMBOL_RE, 'invalid_symbol'))
export const periodSchema = v.picklist(PERIODS, 'invalid_period')

export const symbolQuerySchema = v.object({ symbol: symbolSchema })

export const instrumentsQuerySchema = v.object({
  category: v.optional(v.picklist(CATEGORIES, 'invalid_category')),
})

/** Plain decimal integers only ("0x10", "1e3", "+5" are refused, never read as numbers). */
const intString = intIn

export const KLINE_MAX_LIMIT = 1000

/** GET /market/kline: candles ending before `to` (exclusive, epoch ms), newest `limit`. */
export const klineQuerySchema = v.object({
  symbol: symbolSchema,
  period: periodSchema,
  to: v.optional(intString(0, 8_640_000_000_000_000, 'invalid_to')),
  limit: v.optional(intString(1, KLINE_MAX_LIMIT, 'invalid_limit'), 300),
})

export const FAVORITES_MAX = 200

export const favoriteBodySchema = v.object({ symbol: symbolSchema })
export const favoriteMergeSchema = v.object({
  symbols: v.pipe(v.array(symbolSchema), v.maxLength(FAVORITES_MAX, 'too_many')),
})

/** socket.io subscribe payload. */
export const channelSchema = v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z]+(:[A-Za-z0-9_]+)*$/))
