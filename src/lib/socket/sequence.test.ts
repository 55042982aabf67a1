import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SequenceTracker } from './sequence'

describe('sequence tracker', () => {
  it('accepts consecutive numbers after a snapshot, drops old ones, flags gaps', () => {
    const t = new SequenceTracker()
    expect(t.accept(1)).toBe('stale') // before any snapshot
    t.reset(10)
    expect(t.accept(10)).toBe('stale')
    expect(t.accept(11)).toBe('ok')
    expect(t.accept(12)).toBe('ok')
    expect(t.accept(12)).toBe('stale')
    expect(t.accept(14)).toBe('gap')
    t.reset(14)
    expect(t.accept(15)).toBe('ok')
  })
  it('property: a stream is gap-free exactly when every message is accepted', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 50 }),
        (start, steps) => {
          const t = new SequenceTracker()
          t.reset(start)
          let seq = start
          let sawGap = false
          for (const s of steps) {
            seq += s
            const v = t.accept(seq)
            if (s > 1) {
              expect(v).toBe('gap')
              sawGap = true
              t.reset(seq)
            } else expect(v).toBe('ok')
          }
          expect(sawGap).toBe(steps.some((s) => s > 1))
        },
      ),
    )
  })
})
