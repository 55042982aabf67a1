/**
 * Wallet accounts (DESIGN.md section 5). Every user holds each asset in these six accounts,
 * each with `available` and `frozen`. `funding` is the spec's capital account, `spot` its
 * currency account.
 */
export const WALLET_ACCOUNTS = ['funding', 'spot', 'contract', 'leverage', 'finance', 'option'] as const
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number]

export function isWalletAccount(v: unknown): v is WalletAccount {
  return typeof v === 'string' && (WALLET_ACCOUNTS as readonly string[]).includes(v)
}

/**
 * The platform's own accounts, the other side of every user posting. They may go negative
 * (a clearing account is the outside world's claim); user balances never do.
 */
export const SYSTEM_ACCOUNTS = [
  'deposit_clearing', // outside world -> users (credited deposits)
  'withdraw_clearing', // users -> outside world (paid withdrawals)
  'fees', // trading, withdrawal and exchange fees
  'exchange_desk', // counterparty of flash exchange
  'treasury', // funds market makers and manual adjustments
  'insurance', // insurance fund (contracts)
] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]

/** Holder id of the platform's own accounts. Users hold under their user id. */
export const SYSTEM_HOLDER = 'system'

export type Bucket = 'available' | 'frozen'
