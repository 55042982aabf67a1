import type { LedgerReason } from '../ledger/reasons'

/**
 * Bill types that only move a user's funds between their own available and frozen buckets (an order
 * placed or cancelled, a C2C escrow taken or returned, a withdrawal requested or rejected). They change
 * nothing the user owns, so bills hide them unless asked (`internal=0` on assets/ledger): the trade,
 * fee, payout or release that follows shows what actually moved.
 */
export const INTERNAL_REASONS: readonly LedgerReason[] = [
  'spot_freeze',
  'spot_unfreeze',
  'c2c_freeze',
  'c2c_unfreeze',
  'withdraw_freeze',
  'withdraw_failure',
]
