import type { WalletAccount } from '@common/ledger/accounts'
import type { LedgerReason } from '@common/ledger/reasons'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Readable names for wallet accounts, ledger reasons and record states. */
export const ACCOUNT_LABELS: Record<WalletAccount, MessageDescriptor> = {
  funding: msg`Funding account`,
  spot: msg`Spot account`,
  contract: msg`Contract account`,
  leverage: msg`Leverage account`,
  finance: msg`Finance account`,
  option: msg`Option account`,
}

export const REASON_LABELS: Record<LedgerReason, MessageDescriptor> = {
  recharge: msg`Deposit`,
  transfer: msg`Transfer`,
  withdraw_freeze: msg`Withdrawal frozen`,
  withdraw_success: msg`Withdrawal paid`,
  withdraw_failure: msg`Withdrawal returned`,
  spot_freeze: msg`Spot order frozen`,
  spot_unfreeze: msg`Spot order released`,
  spot_trade: msg`Spot trade`,
  spot_fee: msg`Spot fee`,
  exchange: msg`Flash exchange`,
  adjustment: msg`Adjustment`,
  market_maker_funding: msg`Market maker funding`,
  contract_margin: msg`Contract margin`,
  contract_fee: msg`Contract fee`,
  contract_settlement: msg`Contract settlement`,
  contract_funding: msg`Funding fee`,
  contract_liquidation: msg`Liquidation`,
  overnight_fee: msg`Overnight fee`,
  option_principal: msg`Option principal`,
  option_fee: msg`Option fee`,
  option_settlement: msg`Option settlement`,
  staking_lock: msg`Staking lock`,
  staking_release: msg`Staking release`,
  staking_settlement: msg`Staking earnings`,
  subscription_commit: msg`Subscription commitment`,
  subscription_refund: msg`Subscription refund`,
  subscription_delivery: msg`Subscription delivery`,
  insurance: msg`Insurance`,
  loan_funding: msg`Loan book funding`,
  loan_payout: msg`Loan payout`,
  loan_repay: msg`Loan repayment`,
  loan_penalty: msg`Loan penalty`,
  etf_subscribe: msg`ETF subscription`,
  etf_redeem: msg`ETF redemption`,
  rebate: msg`Referral rebate`,
  c2c_freeze: msg`C2C escrow frozen`,
  c2c_unfreeze: msg`C2C escrow returned`,
  c2c_release: msg`C2C coins released`,
  c2c_demo_funding: msg`C2C demo merchant funding`,
}

export const STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`Under review`,
  credited: msg`Credited`,
  rejected: msg`Rejected`,
  success: msg`Success`,
  failed: msg`Failure`,
  // A withdrawal paid by the hot wallet of a watched chain (docs/products/chains.md).
  approved: msg`Approved`,
  queued: msg`Waiting for the hot wallet`,
  signed: msg`Sending`,
  broadcast: msg`Sent to the network`,
  confirmed: msg`Confirming`,
}

const FIELD_REASONS: Record<string, MessageDescriptor> = {
  invalid_amount: msg`Enter a valid amount`,
  too_many_decimals: msg`Too many decimal places for this coin`,
  below_minimum: msg`Amount below the minimum`,
  invalid_address: msg`Enter a valid address`,
  invalid_remark: msg`At most 30 characters`,
  same_account: msg`Choose two different accounts`,
  same_coin: msg`Choose two different coins`,
  invalid_trade_password: msg`The trade password is 6 digits`,
  invalid_code: msg`Enter the 6-digit code`,
}

export function accountLabel(i18n: I18n, account: string): string {
  const d = ACCOUNT_LABELS[account as WalletAccount]
  return d ? i18n._(d) : account
}
export function reasonLabel(i18n: I18n, reason: string): string {
  const d = REASON_LABELS[reason as LedgerReason]
  return d ? i18n._(d) : reason
}
export function statusLabel(i18n: I18n, status: string): string {
  const d = STATUS_LABELS[status]
  return d ? i18n._(d) : status
}
export function fieldReason(i18n: I18n, reason: string | undefined): string | undefined {
  if (!reason) return undefined
  const d = FIELD_REASONS[reason]
  return d ? i18n._(d) : i18n._(msg`Please check this field`)
}
