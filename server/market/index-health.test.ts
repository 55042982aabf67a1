import { describe, expect, it } from 'vitest'
import { IndexHealth } from './index-health'

const waits = { optionWaitMs: 60_000, fundingWaitMs: 3_600_000 }

describe('IndexHealth', () => {
  it('demo mode: every index is fresh', () => {
    const h = new IndexHealth(() => 0)
    expect(h.isStale('BTCUSDT')).toBe(false)
    expect(h.status('BTCUSDT').state).toBe('fresh')
  })

  it('live mode: no source means no trading; a tick makes it fresh, silence or the feed makes it stale', () => {
    let now = 1_000_000
    const h = new IndexHealth(() => now)
    h.goLive(new Map([['BTCUSDT', { staleMs: 10_000, minSources: 2, outlierBand: 0.02 }]]), waits)
    expect(h.status('XAGUSD').state).toBe('none')
    expect(h.isStale('BTCUSDT')).toBe(true)
    h.onTick('BTCUSDT', now)
    expect(h.isStale('BTCUSDT')).toBe(false)
    expect(h.ageMs('BTCUSDT', now + 500)).toBe(500)
    // Silence past staleMs and one publish interval.
    now += 11_001
    expect(h.isStale('BTCUSDT')).toBe(true)
    expect(h.staleSince('BTCUSDT')).toBe(now - 1)
    h.onTick('BTCUSDT', now)
    h.markStale('BTCUSDT', now + 1)
    expect(h.isStale('BTCUSDT')).toBe(true)
    expect(h.staleSince('BTCUSDT')).toBe(now + 1)
    h.onTick('BTCUSDT', now + 2)
    expect(h.isStale('BTCUSDT')).toBe(false)
  })
})
