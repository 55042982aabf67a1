import * as v from 'valibot'
import { positiveDecimal } from '../spot/schema'
import {
  boundedText,
  INT4_MAX,
  intIn,
  optionalText,
  rowIdSchema,
  uidSchema,
  uploadIdSchema,
} from '../validate/strict'
import {
  type AdStatus,
  C2C_COINS,
  C2C_FIATS,
  type OrderStatus,
  PAY_KINDS,
  PAY_WINDOWS,
  type PayKind,
} from './rules'

/**
 * C2C (issue 16): the wire shapes shared by the server and the app. Amounts are decimal strings,
 * ids strings, times epoch ms. `side` of an ad is the advertiser's: a `sell` ad sells coins (a
 * taker buys from it).
 */
/** Required text: 1..max characters after trimming. */
const text = (max: number, key: string) => boundedText(max, key, 1)
/** Fiat prices and amounts: positive, at most 2 decimals. */
const fiat = v.pipe(
  positiveDecimal,
  v.check((s) => !/\.\d{3,}$/.test(s), 'too_many_decimals'),
  v.check((s) => s.length <= 20, 'invalid_number'),
)

export const c2cSideSchema = v.picklist(['buy', 'sell'], 'invalid_side')
export const c2cCoinSchema = v.picklist(C2C_COINS, 'invalid_coin')
export const c2cFiatSchema = v.picklist(C2C_FIATS, 'invalid_fiat')
export const payKindSchema = v.picklist(PAY_KINDS, 'invalid_pay_kind')

/** POST /api/c2c/payment/save: add (no id) or edit one payment account. */
export const paymentSaveSchema = v.variant('kind', [
  v.object({
    id: v.optional(rowIdSchema),
    kind: v.picklist(['alipay', 'wechat'], 'invalid_pay_kind'),
    name: text(60, 'invalid_name'),
    account: text(80, 'invalid_account'),
    qr: v.optional(uploadIdSchema),
  }),
  v.object({
    id: v.optional(rowIdSchema),
    kind: v.literal('bank'),
    name: text(60, 'invalid_name'),
    bank: text(80, 'invalid_bank'),
    branch: text(80, 'invalid_branch'),
    account: v.pipe(v.string('invalid_card'), v.trim(), v.regex(/^\d{8,30}$/, 'invalid_card')),
  }),
])
export type PaymentSaveInput = v.InferOutput<typeof paymentSaveSchema>

export const idBodySchema = v.object({ id: rowIdSchema })
export const idParamsSchema = v.object({ id: rowIdSchema })

/** POST /api/c2c/ad/save: publish (no id) or edit an ad of one's own (price, limits, remark, window, methods). */
export const adSaveSchema = v.pipe(
  v.object({
    id: v.optional(rowIdSchema),
    side: c2cSideSchema,
    coin: c2cCoinSchema,
    fiat: c2cFiatSchema,
    price: fiat,
    total: positiveDecimal,
    minAmount: fiat,
    maxAmount: fiat,
    payKinds: v.pipe(
      v.array(payKindSchema, 'invalid_pay_kind'),
      v.minLength(1, 'pay_kind_required'),
      v.maxLength(3),
    ),
    payWindow: v.optional(
      v.pipe(intIn(1, 1440, 'invalid_window'), v.picklist(PAY_WINDOWS, 'invalid_window')),
      20,
    ),
    remark: optionalText(300, 'invalid_remark'),
  }),
  v.forward(
    v.check((o) => Number(o.minAmount) <= Number(o.maxAmount), 'min_above_max'),
    ['minAmount'],
  ),
)
export type AdSaveInput = v.InferOutput<typeof adSaveSchema>

export const adsQuerySchema = v.object({
  side: v.optional(c2cSideSchema, 'sell'),
  coin: v.optional(c2cCoinSchema, 'USDT'),
  fiat: v.optional(c2cFiatSchema, 'CNY'),
  merchant: v.optional(v.picklist(['0', '1', 'true', 'false'], 'invalid_flag')),
  payKind: v.optional(payKindSchema),
  amount: v.optional(fiat),
})

/** POST /api/c2c/order/create: a fiat amount or a quantity (docs/spec.md section 5). */
export const orderCreateSchema = v.pipe(
  v.object({
    adId: rowIdSchema,
    amount: v.optional(fiat),
    quantity: v.optional(positiveDecimal),
  }),
  v.check((o) => (o.amount === undefined) !== (o.quantity === undefined), 'amount_or_quantity'),
)
export const quickSchema = v.object({
  side: c2cSideSchema,
  coin: c2cCoinSchema,
  fiat: c2cFiatSchema,
  amount: fiat,
  payKind: v.optional(payKindSchema),
})
export const paidSchema = v.object({ id: rowIdSchema, proof: v.optional(uploadIdSchema) })
export const appealSchema = v.object({
  id: rowIdSchema,
  content: text(1000, 'content_required'),
  evidence: v.optional(v.pipe(v.array(uploadIdSchema), v.maxLength(9, 'too_many_images')), []),
})
export const settlementAnswerSchema = v.object({ id: rowIdSchema, accept: v.boolean('invalid_flag') })
/** A chat message: text, or a picture (uploaded through /api/uploadImage), never empty. */
export const messageSchema = v.pipe(
  v.object({
    id: rowIdSchema,
    body: v.optional(v.pipe(v.string('invalid_message'), v.trim(), v.maxLength(1000, 'invalid_message')), ''),
    image: v.optional(uploadIdSchema),
  }),
  v.check((o) => o.body !== '' || o.image !== undefined, 'message_empty'),
)
export const readSchema = v.object({ id: rowIdSchema, upTo: rowIdSchema })
export const ordersQuerySchema = v.object({
  status: v.optional(v.picklist(['open', 'done'], 'invalid_status')),
  page: v.optional(intIn(1, INT4_MAX, 'invalid_page'), 1),
})
export const imageParamsSchema = v.object({ id: rowIdSchema, upload: uploadIdSchema })

// ---- console ----
export const decideSchema = v.object({
  id: rowIdSchema,
  outcome: v.picklist(['buyer', 'seller', 'reject'], 'invalid_outcome'),
  reason: text(300, 'invalid_reason'),
})
export const suggestSchema = v.object({
  id: rowIdSchema,
  toBuyer: v.pipe(v.string('invalid_number'), v.trim(), v.regex(/^\d{1,20}(\.\d{1,18})?$/, 'invalid_number')),
  reason: text(300, 'invalid_reason'),
})
export const merchantSchema = v.object({
  uid: uidSchema,
  merchant: v.boolean('invalid_flag'),
})
export const adminOrdersQuerySchema = v.object({
  status: v.optional(
    v.picklist(
      ['unpaid', 'paid', 'appeal', 'completed', 'cancelled', 'timeout', 'closed'] as const,
      'invalid_status',
    ),
  ),
  q: v.optional(boundedText(40, 'invalid_query')),
})

// ---- wire ----
export interface C2cTrader {
  /**
   * The trader's public handle: the internal id masked as the invite pages mask ids (first two
   * and last two characters). Shown to users; never the internal user id.
   */
  handle: string
  /** The internal user id: console answers only (staff), absent in every answer to users. */
  id?: string
  /** One of the example merchants of a fresh install (their ads cannot be traded). */
  demo: boolean
  nickname: string
  merchant: boolean
  completion: string | null
  orders30: number
}
export interface PaymentMethod {
  id: string
  kind: PayKind
  name: string
  account: string
  bank: string | null
  branch: string | null
  qr: string | null
}
export interface C2cAd {
  id: string
  side: 'buy' | 'sell'
  coin: string
  fiat: string
  price: string
  total: string
  remaining: string
  minAmount: string
  maxAmount: string
  payKinds: PayKind[]
  payWindow: number
  remark: string
  status: AdStatus
  /** On the shelf with nothing left, orders still open: "in trade". */
  inTrade: boolean
  openOrders: number
  precision: number
  advertiser: C2cTrader
  mine: boolean
  createdAt: number
}
export interface C2cAppeal {
  openedBy: 'buyer' | 'seller'
  content: string
  evidence: string[]
  status: 'open' | 'suggested' | 'decided'
  outcome: 'buyer' | 'seller' | 'reject' | 'settled' | null
  reason: string | null
  suggestion: { toBuyer: string; reason: string; buyer: boolean | null; seller: boolean | null } | null
  createdAt: number
}
export interface C2cOrder {
  id: string
  adId: string
  coin: string
  fiat: string
  price: string
  quantity: string
  amount: string
  status: OrderStatus
  role: 'buyer' | 'seller' | 'staff'
  buyer: C2cTrader
  seller: C2cTrader
  /** Which party published the ad the order was taken from. */
  advertiserSide: 'buyer' | 'seller'
  /** The advertiser's internal user id: console answers only. */
  advertiserId?: string
  payWindow: number
  expiresAt: number
  paidAt: number | null
  doneAt: number | null
  proof: string | null
  /** The seller's payment accounts of the ad's kinds, as they were when the order opened. */
  payment: PaymentMethod[]
  appeal: C2cAppeal | null
  settledToBuyer: string | null
  unread: number
  createdAt: number
  updatedAt: number
}
export interface C2cMessage {
  id: string
  orderId: string
  from: 'buyer' | 'seller' | 'system' | 'staff'
  body: string
  image: string | null
  createdAt: number
}
/** What the private `user` channel carries for C2C: `{c2c: ...}`. */
export interface C2cUserEvent {
  orderId: string
  status: OrderStatus
  message?: C2cMessage
}
