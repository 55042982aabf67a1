import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { balancesChanged } from './balance-events'

describe('balance refreshes', () => {
  it('refetches cached balances even off screen, and coalesces a burst of fills into one refresh', async () => {
    vi.useFakeTimers()
    const qc = new QueryClient()
    const fetches: string[] = []
    const seed = (key: readonly unknown[]) =>
      qc.prefetchQuery({
        queryKey: key,
        queryFn: () => {
          fetches.push(key.join('/'))
          return 1
        },
      })
    await seed(['assets', 'overview'])
    await seed(['assets', 'assets/ledger', {}])
    await seed(['spot', 'balance', 'BTCUSDT'])
    await seed(['contract', 'mine', 'account'])
    fetches.length = 0
    for (let i = 0; i < 5; i++) void balancesChanged(qc, 'spot')
    expect(fetches).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    // Balances at once (none is on screen here); the records list when it is shown again.
    expect(fetches.sort()).toEqual(['assets/overview', 'spot/balance/BTCUSDT'])
    expect(qc.getQueryState(['assets', 'assets/ledger', {}])?.isInvalidated).toBe(true)
    expect(qc.getQueryState(['contract', 'mine', 'account'])?.isInvalidated).toBe(false)
    vi.useRealTimers()
  })
})
