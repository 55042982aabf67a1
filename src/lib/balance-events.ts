import type { WalletAccount } from '@common/ledger/accounts'
import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The one invalidation map of the app: every event that changes a balance names the wallet
 * accounts it touches, and each account names the queries of every screen that shows its balance.
 * Screens and live listeners call `balancesChanged` and never list balance queries themselves, so
 * a fill, a transfer, a deposit or a settlement refreshes Assets, Home, the trade tickets and the
 * product forms alike.
 *
 * The keys are the features' own key prefixes, written here as literals so that this module pulls
 * no feature code into the chunks that use it (balance-events.test.ts holds them to the features'
 * key factories).
 */
export type BalanceEvent =
  /** A spot order placed (funds frozen), filled, partly filled or cancelled. */
  | 'spot'
  /** A contract order, fill, position change, funding or liquidation. */
  | 'contract'
  /** An option bought or settled. */
  | 'option'
  /** A transfer between the user's own accounts (`accounts`: from and to). */
  | 'transfer'
  /** Flash exchange inside the funding account. */
  | 'exchange'
  /** A deposit (submitted or credited) or a withdrawal (requested, paid or returned). */
  | 'deposit'
  | 'withdraw'
  /** Staking, launchpad subscription and ETF units, all held in the finance account. */
  | 'earn'
  | 'etf'
  /** A loan paid out or repaid (funding account). */
  | 'loan'
  /** A C2C order: escrow frozen, released or returned (funding account). */
  | 'c2c'
  /** Changes may have been missed (the socket reconnected): every account. */
  | 'resync'

const EVENT_ACCOUNTS: Record<BalanceEvent, readonly WalletAccount[]> = {
  spot: ['spot'],
  contract: ['contract'],
  option: ['option'],
  transfer: ['funding', 'spot', 'contract', 'leverage', 'finance', 'option'],
  exchange: ['funding'],
  deposit: ['funding'],
  withdraw: ['funding'],
  earn: ['finance'],
  etf: ['finance'],
  loan: ['funding'],
  c2c: ['funding'],
  resync: ['funding', 'spot', 'contract', 'leverage', 'finance', 'option'],
}

/**
 * Every assets screen (overview, per-account balances, a coin's accounts, the withdrawable
 * amount, the contract account card, the records lists) and Home's total read `['assets', ...]`:
 * any balance change refreshes them all.
 */
export const ASSETS_KEY: QueryKey = ['assets']

/** Queries outside the assets area that show one account's balance. */
export const ACCOUNT_KEYS: Record<WalletAccount, readonly QueryKey[]> = {
  // The loan repayment form's "from the funding account" balance.
  funding: [['loan', 'mine', 'funding']],
  // The spot ticket's available amounts.
  spot: [['spot', 'balance']],
  // The perpetual ticket's equity and available margin.
  contract: [['contract', 'mine', 'account']],
  leverage: [],
  // Staking and launchpad forms' finance balance (the ETF form reads ['assets', 'balances', 'finance']).
  finance: [['earn', 'finance']],
  // The option ticket reads ['assets', 'balances', 'option'].
  option: [],
}

/** The query keys an event refreshes: the assets area and each touched account's screens. */
export function keysFor(event: BalanceEvent, accounts?: readonly WalletAccount[]): QueryKey[] {
  const touched = accounts ?? EVENT_ACCOUNTS[event]
  return [ASSETS_KEY, ...touched.flatMap((a) => ACCOUNT_KEYS[a])]
}

/** Balance queries are read again at once, even when no screen shows them right now, so the next
 * screen opens with today's figures instead of flashing the old ones; record lists (many pages)
 * refresh when shown. */
const BALANCE_QUERIES = new Set([
  'overview',
  'balances',
  'coin',
  'contract-account',
  'withdraw-info',
  'funding',
  'balance',
  'account',
  'finance',
])
const isBalanceQuery = (key: QueryKey) =>
  key.some((part) => typeof part === 'string' && BALANCE_QUERIES.has(part))

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((p, i) => key[i] === p)

// Fills come in bursts (one message per partial fill): events within this window are one refresh.
const COALESCE_MS = 150
const pending = new WeakMap<QueryClient, { prefixes: QueryKey[]; timer: ReturnType<typeof setTimeout> }>()

function flush(qc: QueryClient, prefixes: readonly QueryKey[]): Promise<void> {
  const hit = (key: QueryKey) => prefixes.some((p) => startsWith(key, p))
  return Promise.all([
    // Inactive balance queries too: invalidation alone refetches only what is on screen.
    qc.invalidateQueries({
      predicate: (q) => hit(q.queryKey) && isBalanceQuery(q.queryKey),
      refetchType: 'all',
    }),
    qc.invalidateQueries({ predicate: (q) => hit(q.queryKey) && !isBalanceQuery(q.queryKey) }),
  ]).then(() => undefined)
}

/**
 * Refreshes every screen that shows a balance the event changed. Resolves when the refreshed
 * balances have arrived, so a form may await it before it shows its result. `now` skips the
 * short coalescing of socket bursts (a user's own action wants its answer at once).
 */
export function balancesChanged(
  qc: QueryClient,
  event: BalanceEvent,
  opts: { accounts?: readonly WalletAccount[]; now?: boolean } = {},
): Promise<void> {
  const keys = keysFor(event, opts.accounts)
  if (opts.now) return flush(qc, keys)
  const p = pending.get(qc)
  if (p) {
    p.prefixes.push(...keys)
    return Promise.resolve()
  }
  const entry = {
    prefixes: keys,
    timer: setTimeout(() => {
      pending.delete(qc)
      void flush(qc, entry.prefixes)
    }, COALESCE_MS),
  }
  pending.set(qc, entry)
  return Promise.resolve()
}
