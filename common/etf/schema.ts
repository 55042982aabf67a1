import * as v from 'valibot'
import { symbolSchema } from '../market/schema'
import { positiveDecimal } from '../spot/schema'
import { boundedText, intIn, optionalReason } from '../validate/strict'

/**
 * ETF products: wire shapes shared by the server and the app. A product's units are an asset of
 * their own (asset code = product code, e.g. BTC3L) held in the user's `finance` account. Every
 * price, amount and NAV is a decimal string; ids are strings; times are epoch ms.
 */

export const ETF_KINDS = ['basket', 'leveraged'] as const
export type EtfKind = (typeof ETF_KINDS)[number]
export const ETF_STATUSES = ['active', 'paused', 'closed'] as const
export type EtfStatus = (typeof ETF_STATUSES)[number]
export type EtfOrderSide = 'subscribe' | 'redeem' | 'close'

/** Product codes: upper-case letters and digits, 3 to 12, starting with a letter. */
export const etfCodeSchema = v.pipe(
  v.string('invalid_product'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z][A-Z0-9]{2,11}$/, 'invalid_product'),
)

const decimalIn = (maxDp: number) =>
  v.pipe(
    positiveDecimal,
    v.check((s) => (s.split('.')[1]?.length ?? 0) <= maxDp, 'too_many_decimals'),
    v.check((s) => s.replace(/^0+/, '').split('.')[0]!.length <= 12, 'too_large'),
  )

export const etfSubscribeSchema = v.object({ product: etfCodeSchema, amount: decimalIn(6) })
export type EtfSubscribeInput = v.InferOutput<typeof etfSubscribeSchema>
export const etfRedeemSchema = v.object({ product: etfCodeSchema, units: decimalIn(6) })
export type EtfRedeemInput = v.InferOutput<typeof etfRedeemSchema>

export const etfOrdersQuerySchema = v.object({
  product: v.optional(etfCodeSchema),
  before: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,17}$/, 'invalid_id'))),
  limit: v.optional(intIn(1, 100, 'invalid_limit'), 20),
})
export const etfHistoryQuerySchema = v.object({
  product: etfCodeSchema,
  range: v.optional(v.picklist(['1d', '7d', '30d'], 'invalid_range'), '1d'),
})
export type EtfRange = '1d' | '7d' | '30d'

const feeRate = v.pipe(
  v.string('invalid_number'),
  v.trim(),
  v.regex(/^0(\.\d{1,6})?$/, 'invalid_fee'),
  v.check((s) => Number(s) <= 0.05, 'invalid_fee'),
)

/** A new product (console). Baskets give components with weights summing to 1; leveraged an instrument and +3 or -3. */
export const etfCreateSchema = v.pipe(
  v.object({
    code: etfCodeSchema,
    name: boundedText(40, 'invalid_name', 2),
    kind: v.picklist(ETF_KINDS, 'invalid_kind'),
    underlying: v.optional(symbolSchema),
    leverage: v.optional(v.picklist(['3', '-3', '2', '-2'], 'invalid_leverage')),
    components: v.optional(
      v.pipe(
        v.array(v.object({ symbol: symbolSchema, weight: decimalIn(4) })),
        v.minLength(2, 'invalid_components'),
        v.maxLength(10, 'invalid_components'),
      ),
    ),
    subscribeFee: v.optional(feeRate, '0.001'),
    redeemFee: v.optional(feeRate, '0.001'),
    minAmount: v.optional(decimalIn(6), '10'),
    reason: optionalReason,
  }),
  v.forward(
    v.check(
      (o) => o.kind !== 'leveraged' || (o.underlying !== undefined && o.leverage !== undefined),
      'underlying_required',
    ),
    ['underlying'],
  ),
  v.forward(
    v.check((o) => o.kind !== 'basket' || o.components !== undefined, 'components_required'),
    ['components'],
  ),
)
export type EtfCreateInput = v.InferOutput<typeof etfCreateSchema>

export const etfStatusSchema = v.object({
  code: etfCodeSchema,
  action: v.picklist(['pause', 'resume', 'close'], 'invalid_action'),
  reason: optionalReason,
})

export interface EtfComponent {
  symbol: string
  base: string
  weight: string
  units: string
  price: string | null
}

export interface EtfProduct {
  code: string
  name: string
  kind: EtfKind
  /** Leveraged: the instrument whose index it follows, and +3 / -3. */
  underlying: string | null
  base: string | null
  leverage: string | null
  components: EtfComponent[]
  status: EtfStatus
  /** Null until every index price it needs is there. */
  nav: string | null
  change24h: string | null
  subscribeFee: string
  redeemFee: string
  minAmount: string
  /** Leveraged: index and NAV at the last rebalance. */
  rebalancePrice: string | null
  rebalanceNav: string | null
  rebalancedAt: number | null
  nextRebalanceAt: number
  /** Units outstanding. */
  supply: string
}

export interface EtfHolding {
  product: string
  units: string
  nav: string | null
  value: string | null
}

export interface EtfOrder {
  id: string
  product: string
  side: EtfOrderSide
  /** Subscribe: USDT paid (fee included); redeem and close: USDT received (after the fee). */
  amount: string
  units: string
  nav: string
  fee: string
  ts: number
}

export interface EtfNavPoint {
  ts: number
  nav: string
}

export interface EtfRebalance {
  id: string
  product: string
  kind: 'daily' | 'intraday' | 'launch'
  nav: string
  price: string | null
  ts: number
}
