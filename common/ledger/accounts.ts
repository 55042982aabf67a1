/**
 * Wallet accounts (docs/design.md section 5). Every user holds each asset in these six accounts,
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
  // Counterparty of contract PnL: a close realizes profit from it or loss into it. Perpetual PnL
  // is zero-sum between longs and shorts, but the two sides realize at different times, so the
  // account carries the open positions' not-yet-realized difference in between.
  'contract_clearing',
  // Counterparty of ETF subscriptions and redemptions: takes USDT and issues units (its negative
  // unit balance is the units outstanding), pays USDT back at NAV.
  'etf_desk',
  // Staking rewards pool: funded from the treasury, pays daily rewards; never allowed below zero.
  'staking_rewards',
  // Issuer of subscribed coins: receives the price paid and delivers the coins (its coin balance
  // is minus the coins issued).
  'launch_issuer',
  // Counterparty of short-term options: pays winners' profit, receives losers' principal; never negative.
  'option_pool',
  // Lender of loans: pays approved loans out, receives repayments (funded from the treasury).
  'loan_book',
] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]

/** Holder id of the platform's own accounts. Users hold under their user id. */
export const SYSTEM_HOLDER = 'system'

export type Bucket = 'available' | 'frozen'
