import * as v from 'valibot'
import { tradePasswordSchema } from '../account/schema'
import { WALLET_ACCOUNTS } from '../ledger/accounts'
import { LEDGER_REASONS } from '../ledger/reasons'
import { amountSchema, codeSchema, pageQuerySchema } from '../validate/schemas'

/**
 * Request schemas of the assets area (balances, records, transfers, deposits, withdrawals,
 * address book, flash exchange). Shared by the server and the app's forms.
 */

export const assetCodeSchema = v.pipe(
  v.string('invalid_coin'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9]{2,10}$/, 'invalid_coin'),
)
export const chainIdSchema = v.pipe(
  v.string('invalid_chain'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9]{2,12}$/, 'invalid_chain'),
)
export const accountSchema = v.picklist(WALLET_ACCOUNTS, 'invalid_account_type')
const addressSchema = v.pipe(
  v.string('invalid_address'),
  v.trim(),
  v.minLength(20, 'invalid_address'),
  v.maxLength(100, 'invalid_address'),
)
const idSchema = v.pipe(v.string('invalid_id'), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid_id'))
const remarkSchema = v.pipe(v.string('invalid_remark'), v.trim(), v.maxLength(30, 'invalid_remark'))

export const balancesQuerySchema = v.object({ account: accountSchema })
export const coinQuerySchema = v.object({ coin: assetCodeSchema })

export const ledgerQuerySchema = v.object({
  ...pageQuerySchema.entries,
  reason: v.optional(v.picklist(LEDGER_REASONS, 'invalid_reason')),
  account: v.optional(accountSchema),
  coin: v.optional(assetCodeSchema),
})

export const statusPageQuerySchema = v.object({
  ...pageQuerySchema.entries,
})

export const transferSchema = v.pipe(
  v.object({
    coin: assetCodeSchema,
    from: accountSchema,
    to: accountSchema,
    amount: amountSchema,
  }),
  v.forward(
    v.check((x) => x.from !== x.to, 'same_account'),
    ['to'],
  ),
)

export const depositAddressQuerySchema = v.object({ coin: assetCodeSchema, chain: chainIdSchema })

export const depositSchema = v.object({
  coin: assetCodeSchema,
  chain: chainIdSchema,
  amount: amountSchema,
  voucher: idSchema,
})

export const withdrawSchema = v.object({
  coin: assetCodeSchema,
  chain: chainIdSchema,
  address: addressSchema,
  amount: amountSchema,
  tradePassword: tradePasswordSchema,
  googleCode: v.optional(codeSchema(6)),
  smsCode: v.optional(codeSchema(6)),
  emailCode: v.optional(codeSchema(6)),
})

export const addressBookSaveSchema = v.object({
  id: v.optional(idSchema),
  coin: assetCodeSchema,
  chain: chainIdSchema,
  address: addressSchema,
  remark: v.optional(remarkSchema, ''),
})
export const idBodySchema = v.object({ id: idSchema })
/** Turning address-book-only mode off needs the trade password; turning it on does not. */
export const addressBookModeSchema = v.object({
  only: v.boolean('invalid_switch'),
  tradePassword: v.optional(tradePasswordSchema),
})

export const exchangeQuoteSchema = v.pipe(
  v.object({ from: assetCodeSchema, to: assetCodeSchema, amount: amountSchema }),
  v.forward(
    v.check((x) => x.from !== x.to, 'same_coin'),
    ['to'],
  ),
)
export const exchangeConfirmSchema = v.object({ quoteId: idSchema })

/** Operator console: the platform's deposit address per coin and chain. */
export const depositChannelSaveSchema = v.object({
  coin: assetCodeSchema,
  chain: chainIdSchema,
  address: addressSchema,
  minAmount: v.optional(amountSchema),
  confirmations: v.pipe(
    v.number('invalid_confirmations'),
    v.integer('invalid_confirmations'),
    v.minValue(0, 'invalid_confirmations'),
    v.maxValue(1000, 'invalid_confirmations'),
  ),
  enabled: v.boolean('invalid_switch'),
})

export type TransferInput = v.InferOutput<typeof transferSchema>
export type WithdrawInput = v.InferOutput<typeof withdrawSchema>
export type DepositChannelInput = v.InferOutput<typeof depositChannelSaveSchema>
