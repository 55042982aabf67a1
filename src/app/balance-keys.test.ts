import { describe, expect, it, vi } from 'vitest'
// The store reads localStorage on import: the in-memory one first.
import '@/lib/testing/memory-storage'

import { coinQueryOptions, contractAccountQueryOptions } from '@/features/assets/api'
import { contractKeys } from '@/features/contract/keys'
import { earnKeys } from '@/features/earn/api'
import { loanKeys } from '@/features/loan/api'
import { spotKeys } from '@/features/spot/api'
import { balancesQueryOptions, overviewQueryOptions } from '@/lib/assets/balances'
import { ACCOUNT_KEYS, keysFor } from '@/lib/balance-events'

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((p, i) => key[i] === p)

// The map (src/lib/balance-events.ts) writes the features' key prefixes as literals; this holds them
// to the features' own key factories (here, where a test may import every feature).
describe('the balance invalidation map', () => {
  it('names the features’ own keys of every screen that shows a balance', () => {
    const covers = (event: Parameters<typeof keysFor>[0], key: readonly unknown[]) =>
      keysFor(event).some((p) => startsWith(key, p))
    // Assets, Home's total, the option and ETF forms: the assets area's queries.
    for (const key of [
      overviewQueryOptions().queryKey,
      balancesQueryOptions('option').queryKey,
      balancesQueryOptions('finance').queryKey,
      coinQueryOptions('BTC').queryKey,
      contractAccountQueryOptions().queryKey,
    ])
      for (const e of [
        'spot',
        'contract',
        'option',
        'transfer',
        'deposit',
        'earn',
        'etf',
        'loan',
        'c2c',
      ] as const)
        expect(covers(e, key), `${e} ${key.join('/')}`).toBe(true)
    expect(covers('spot', spotKeys.balance('BTCUSDT'))).toBe(true)
    expect(covers('contract', contractKeys.account())).toBe(true)
    expect(covers('earn', earnKeys.finance())).toBe(true)
    expect(covers('etf', earnKeys.finance())).toBe(true)
    for (const e of ['loan', 'c2c', 'deposit', 'withdraw', 'exchange'] as const)
      expect(covers(e, loanKeys.funding('USDT')), e).toBe(true)
    // A transfer touches the two accounts it names.
    expect(covers('transfer', spotKeys.balance('BTCUSDT'))).toBe(true)
    expect(keysFor('transfer', ['funding', 'finance'])).toEqual([
      ['assets'],
      ...ACCOUNT_KEYS.funding,
      ...ACCOUNT_KEYS.finance,
    ])
    // A spot fill does not refetch contract or earn data.
    expect(covers('spot', contractKeys.account())).toBe(false)
  })
})
