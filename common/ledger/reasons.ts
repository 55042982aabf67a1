/**
 * Bill-reason types of ledger entries (docs/spec.md section 3). Stable strings: stored in the
 * database, sent to the app, filtered on in records. New products add reasons, never new bookkeeping.
 */
export const LEDGER_REASONS = [
  'recharge', // deposit credited
  'transfer', // between a user's own accounts
  'withdraw_freeze', // withdrawal requested: funds frozen
  'withdraw_success', // withdrawal paid out
  'withdraw_failure', // withdrawal rejected: funds returned
  'spot_freeze', // order placed: funds frozen
  'spot_unfreeze', // order cancelled or filled below its freeze: remainder released
  'spot_trade', // a fill settled between two parties
  'spot_fee', // trading fee
  'exchange', // flash exchange (coin to coin)
  'adjustment', // an admin's manual correction, always with a reason
  'market_maker_funding', // demo liquidity funded from the treasury
  'contract_margin',
  'contract_fee',
  'contract_settlement', // realized PnL of a close
  'contract_funding', // funding payment between longs and shorts
  'contract_liquidation', // a liquidated position's loss, and the insurance fund's cover
  'overnight_fee',
  'option_principal',
  'option_fee',
  'option_settlement',
  'staking_lock',
  'staking_release',
  'staking_settlement',
  'subscription_commit', // coin subscription: the commitment frozen in the finance account
  'subscription_refund', // the unused part of a commitment returned
  'subscription_delivery', // the allocated coins delivered and their price paid to the issuer
  'insurance',
  'loan_funding', // the loan book funded from the treasury
  'loan_payout', // an approved loan paid from the loan book to the borrower
  'loan_repay', // principal and interest repaid to the loan book
  'loan_penalty', // the overdue extension's penalty repaid to the loan book
  'etf_subscribe', // ETF units bought with USDT at NAV (and the fee)
  'etf_redeem', // ETF units sold back at NAV (and the fee); also a closed product's payout
  'rebate', // a share of invitees' trading fees paid from the fees account to the inviter
  'c2c_freeze', // C2C escrow: a sell ad's quantity, or a taker-seller's order quantity, frozen
  'c2c_unfreeze', // C2C escrow back to the seller (ad taken off, order cancelled or timed out, appeal)
  'c2c_release', // C2C escrow released to the buyer (by the seller or an appeal decision)
  'c2c_demo_funding', // the example ads' demo merchants funded from the treasury (a fresh install)
] as const
export type LedgerReason = (typeof LEDGER_REASONS)[number]

export function isLedgerReason(v: unknown): v is LedgerReason {
  return typeof v === 'string' && (LEDGER_REASONS as readonly string[]).includes(v)
}
