import type { AccountBalances, Overview } from '@common/assets/types'
import type { WalletAccount } from '@common/ledger/accounts'
import { queryOptions } from '@tanstack/react-query'
import { http } from '@/lib/http/client'

// The balances other products show (Home's total, the ETF and option tickets): the assets area's
// overview and per-account balances, and its key root. The area's other calls are in
// src/features/assets/api.ts.

const root = ['assets'] as const
/** The assets area's key root: every screen showing a balance reads under it (src/lib/balance-events.ts). */
export const assetsKeys = { root }

/**
 * Balances are read again whenever a screen that shows them opens: what the app hears of
 * (fills, transfers, C2C, its own forms) refreshes them at once (src/lib/balance-events.ts), but an
 * operator's credit, a loan payout or a settlement off screen sends nothing.
 */
export const BALANCE_STALE_MS = 0

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: [...root, 'overview'],
    queryFn: ({ signal }) => http.get<Overview>('assets/overview', undefined, { signal }),

    staleTime: BALANCE_STALE_MS,
  })
export const balancesQueryOptions = (account: WalletAccount) =>
  queryOptions({
    queryKey: [...root, 'balances', account],
    queryFn: ({ signal }) => http.get<AccountBalances>('assets/balances', { account }, { signal }),

    staleTime: BALANCE_STALE_MS,
  })
