import { describe, expect, it } from 'vitest'
import type { LockConnection } from './locks'
import { Ownership } from './ownership'

/** Locks held by "other cores" are refused; everything else is granted to this one. */
function fakeLocks(nodeId: string, heldElsewhere: Set<string>, live: () => number) {
  const mine = new Set<string>()
  const locks = {
    nodeId,
    tryLock: async (u: string) => {
      if (heldElsewhere.has(u)) return false
      mine.add(u)
      return true
    },
    unlock: async (u: string) => {
      mine.delete(u)
    },
    liveCores: async () => live(),
  }
  return { locks: locks as unknown as LockConnection, mine }
}

describe('Ownership', () => {
  const units = ['contract', 'spot:A', 'spot:B', 'spot:C']

  it('takes its share of free markets and leaders, rebuilding each before serving it', async () => {
    const { locks } = fakeLocks('core-1', new Set(), () => 2)
    const adopted: string[] = []
    const advertised: string[][] = []
    const o = new Ownership(locks, {
      units: () => units,
      leaders: ['index', 'loan-jobs'],
      onAcquire: async (u) => {
        adopted.push(u)
      },
      advertise: async (owned) => {
        advertised.push(owned)
      },
    })
    await o.once()
    const markets = o.list().filter((u) => !u.startsWith('leader:'))
    const leaders = o.list().filter((u) => u.startsWith('leader:'))
    expect(markets).toHaveLength(2)
    expect(leaders).toHaveLength(1)
    expect(adopted.sort()).toEqual(o.list())
    expect(advertised.at(-1)).toEqual(o.list())
  })

  it('when the other core dies its units are free and the survivor takes them all', async () => {
    const other = new Set(['spot:A', 'spot:B', 'leader:index'])
    let live = 2
    const { locks } = fakeLocks('core-2', other, () => live)
    const o = new Ownership(locks, { units: () => units, leaders: ['index'], onAcquire: async () => {} })
    await o.once()
    expect(o.owns('spot:A')).toBe(false)
    expect(o.owns('leader:index')).toBe(false)
    // kill -9: PostgreSQL ends the session, its locks are free, one core is left.
    other.clear()
    live = 1
    await o.once()
    expect(o.list()).toEqual(['contract', 'leader:index', 'spot:A', 'spot:B', 'spot:C'])
  })

  it('units held by the other core do not keep it from free ones (every leader and market ends up owned)', async () => {
    // The other core holds the first units of every scan order: this one must still find the rest.
    const other = new Set(['contract', 'spot:A', 'leader:index'])
    const { locks } = fakeLocks('core-5', other, () => 2)
    const o = new Ownership(locks, {
      units: () => units,
      leaders: ['index', 'loan-jobs', 'c2c-jobs'],
      onAcquire: async () => {},
    })
    await o.once()
    expect(o.list()).toEqual(['leader:c2c-jobs', 'leader:loan-jobs', 'spot:B', 'spot:C'])
  })

  it('a core above its share hands back releasable units (after stopping its work on them) when another core joins', async () => {
    let live = 1
    const { locks, mine } = fakeLocks('core-4', new Set(), () => live)
    const released: string[] = []
    const o = new Ownership(locks, {
      units: () => units,
      leaders: [],
      onAcquire: async () => {},
      releasable: (u) => u.startsWith('spot:'),
      onRelease: async (u) => {
        // Not served any more while it is being handed back.
        expect(o.owns(u)).toBe(false)
        released.push(u)
      },
    })
    await o.once()
    expect(o.list()).toEqual(units)
    live = 2
    await o.once()
    expect(released).toHaveLength(2)
    expect(o.list()).toHaveLength(2)
    expect(o.owns('contract')).toBe(true)
    for (const u of released) expect(mine.has(u)).toBe(false)
  })

  it('a unit whose rebuild fails is given back and not served', async () => {
    const { locks, mine } = fakeLocks('core-3', new Set(), () => 1)
    const o = new Ownership(locks, {
      units: () => ['spot:A', 'spot:B'],
      leaders: [],
      onAcquire: async (u) => {
        if (u === 'spot:B') throw new Error('rebuild failed')
      },
    })
    await o.once()
    expect(o.owns('spot:A')).toBe(true)
    expect(o.owns('spot:B')).toBe(false)
    expect(mine.has('spot:B')).toBe(false)
  })
})
