import * as v from 'valibot'
import { WALLET_ACCOUNTS } from '../ledger/accounts'
import { symbolSchema } from '../market/schema'
import { lte } from '../money/decimal'
import { emailSchema, pageQuerySchema } from '../validate/schemas'
import { assetCodeSchema, boundedText, requiredReason } from '../validate/strict'
import { isAmount } from '../validate/validators'
import { DEPOSIT_FILTERS, IDENTITY_FILTERS, WITHDRAWAL_FILTERS } from './filters'

export { DEPOSIT_FILTERS, IDENTITY_FILTERS, WITHDRAWAL_FILTERS }

/** Request schemas of the operator console (/api/admin/*), shared by the server and the console forms. */

const idSchema = boundedText(64, 'invalid_id', 1)

/** Why an operator did something: required on every decision the user or the ledger sees. */
export const reasonSchema = requiredReason

const optionalText = (max: number, key: string) => v.optional(boundedText(max, key))

export type IdentityFilter = (typeof IDENTITY_FILTERS)[number]

export const identityListSchema = v.object({
  ...pageQuerySchema.entries,
  status: v.optional(v.picklist(IDENTITY_FILTERS, 'invalid_status'), 'pending'),
})
export const userIdSchema = v.object({ userId: idSchema })
export const identityRejectSchema = v.object({ userId: idSchema, reason: reasonSchema })

export const userSearchSchema = v.object({
  ...pageQuerySchema.entries,
  q: optionalText(100, 'invalid_query'),
  status: v.optional(v.picklist(['active', 'frozen'], 'invalid_status')),
})
export const userLedgerSchema = v.object({ ...pageQuerySchema.entries, userId: idSchema })
export const userActionSchema = v.object({ userId: idSchema, reason: reasonSchema })

/** A non-zero signed decimal: positive credits the user, negative debits. */
export const signedAmountSchema = v.pipe(
  v.string('invalid_amount'),
  v.trim(),
  v.maxLength(40, 'invalid_amount'),
  v.check((s) => isAmount(s.startsWith('-') ? s.slice(1) : s), 'invalid_amount'),
)
export const adjustSchema = v.object({
  userId: idSchema,
  account: v.picklist(WALLET_ACCOUNTS, 'invalid_account'),
  asset: assetCodeSchema(),
  amount: signedAmountSchema,
  reason: reasonSchema,
})

export const marketStatusSchema = v.object({
  symbol: symbolSchema,
  status: v.picklist(['trading', 'suspended'], 'invalid_status'),
  reason: v.optional(reasonSchema),
})

const nonNegative = v.pipe(
  v.string('invalid_amount'),
  v.trim(),
  v.maxLength(40, 'invalid_amount'),
  v.check((s) => s === '0' || isAmount(s), 'invalid_amount'),
)
/** A fee rate as a fraction (0.001 = 0.1%), at most 10%. */
const feeRate = v.pipe(
  nonNegative,
  v.check((s) => s === '0' || /^0(\.\d{1,8})?$/.test(s), 'invalid_fee'),
  // Pipes run every check even after one failed: compare only what is a decimal.
  v.check((s) => /^0(\.\d{1,8})?$/.test(s) && lte(s, '0.1'), 'invalid_fee'),
)
export const marketLimitsSchema = v.object({
  symbol: symbolSchema,
  minAmount: nonNegative,
  minNotional: nonNegative,
  makerFee: v.optional(feeRate),
  takerFee: v.optional(feeRate),
})
export const marketMakersSchema = v.object({ enabled: v.boolean('invalid_enabled') })

export const auditListSchema = v.object({
  ...pageQuerySchema.entries,
  actor: optionalText(64, 'invalid_actor'),
  action: optionalText(64, 'invalid_action'),
  targetType: optionalText(32, 'invalid_target'),
  targetId: optionalText(64, 'invalid_target'),
})

export const depositListSchema = v.object({
  ...pageQuerySchema.entries,
  status: v.optional(v.picklist(DEPOSIT_FILTERS, 'invalid_status')),
})
export const withdrawalListSchema = v.object({
  ...pageQuerySchema.entries,
  status: v.optional(v.picklist(WITHDRAWAL_FILTERS, 'invalid_status')),
})
export const depositCreditSchema = v.object({
  depositId: idSchema,
  amount: v.optional(
    v.pipe(
      v.string('invalid_amount'),
      v.trim(),
      v.maxLength(40, 'invalid_amount'),
      v.check((s: string) => isAmount(s), 'invalid_amount'),
    ),
  ),
})
export const depositRejectSchema = v.object({ depositId: idSchema, reason: reasonSchema })
export const withdrawalApproveSchema = v.object({
  withdrawalId: idSchema,
  txHash: boundedText(200, 'invalid_tx', 4),
})
export const withdrawalRejectSchema = v.object({ withdrawalId: idSchema, reason: reasonSchema })
/** Approves a withdrawal for the hot wallet of a watched chain (the signer pays it). */
export const withdrawalChainApproveSchema = v.object({ withdrawalId: idSchema })
/** A watched chain of the console's chain page (ERC20, BEP20). */
export const chainQuerySchema = v.object({
  chain: v.pipe(v.string('invalid_chain'), v.regex(/^[A-Z0-9]{2,16}$/, 'invalid_chain')),
})
export const chainAlertAckSchema = v.object({
  id: v.pipe(v.string('invalid_id'), v.regex(/^\d{1,18}$/, 'invalid_id')),
})

/** `npm run operator -- create <email>` and the development path of the browser tests. */
export const staffCreateSchema = v.object({
  email: emailSchema,
  role: v.optional(v.picklist(['operator', 'admin'], 'invalid_role'), 'operator'),
})
