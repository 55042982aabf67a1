import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TriggerBook } from './trigger-book'

describe('trigger book', () => {
  it('a falling price fires every sell stop it passes, highest trigger first, oldest first at one price', () => {
    const b = new TriggerBook()
    b.addFixed(1, 'down', 95)
    b.addFixed(2, 'down', 99)
    b.addFixed(3, 'down', 97)
    b.addFixed(4, 'down', 97)
    b.addFixed(5, 'down', 90)
    b.addFixed(6, 'up', 105)
    expect(b.onTrade(98).fired).toEqual([2])
    expect(b.onTrade(94).fired).toEqual([3, 4, 1])
    expect(b.size).toBe(2)
    expect(b.onTrade(106).fired).toEqual([6])
    expect(b.onTrade(90).fired).toEqual([5])
    expect(b.size).toBe(0)
  })

  it('a removed trigger never fires, and removing twice is refused', () => {
    const b = new TriggerBook()
    b.addFixed(1, 'up', 10)
    b.addFixed(2, 'up', 11)
    expect(b.remove(1)).toBe(true)
    expect(b.remove(1)).toBe(false)
    expect(b.onTrade(20).fired).toEqual([2])
    expect(() => {
      b.addFixed(3, 'up', 1)
      b.addFixed(3, 'down', 1)
    }).toThrow(/duplicate/)
  })

  it('reports the trailing watermarks a price moves, and fires a trailing stop once', () => {
    const b = new TriggerBook()
    b.addTrailing({ id: 7, side: 'sell', callbackBps: 1000, activation: null, watermark: null })
    expect(b.onTrade(100)).toEqual({ fired: [], moved: [{ id: 7, watermark: 100 }] })
    expect(b.onTrade(120)).toEqual({ fired: [], moved: [{ id: 7, watermark: 120 }] })
    expect(b.onTrade(110)).toEqual({ fired: [], moved: [] })
    expect(b.trailingOf(7)?.watermark).toBe(120)
    expect(b.onTrade(108)).toEqual({ fired: [7], moved: [] })
    expect(b.onTrade(1)).toEqual({ fired: [], moved: [] })
  })

  it('fires exactly the live triggers a price reaches, whatever was added and removed (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dir: fc.constantFrom('down' as const, 'up' as const),
            trigger: fc.integer({ min: 1, max: 50 }),
          }),
          { maxLength: 200 },
        ),
        fc.array(fc.nat({ max: 199 }), { maxLength: 150 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 20 }),
        (adds, removes, prices) => {
          const b = new TriggerBook()
          const live = new Map<number, { dir: 'down' | 'up'; trigger: number }>()
          adds.forEach((a, id) => {
            b.addFixed(id, a.dir, a.trigger)
            live.set(id, a)
          })
          for (const id of removes) expect(b.remove(id)).toBe(live.delete(id))
          for (const p of prices) {
            const expected = [...live]
              .filter(([, a]) => (a.dir === 'down' ? p <= a.trigger : p >= a.trigger))
              .sort(([ia, a], [ib, bb]) =>
                a.dir !== bb.dir
                  ? a.dir === 'down'
                    ? -1
                    : 1
                  : a.trigger !== bb.trigger
                    ? a.dir === 'down'
                      ? bb.trigger - a.trigger
                      : a.trigger - bb.trigger
                    : ia - ib,
              )
              .map(([id]) => id)
            expect(b.onTrade(p).fired).toEqual(expected)
            for (const id of expected) live.delete(id)
          }
          expect(b.size).toBe(live.size)
        },
      ),
    )
  })
})
