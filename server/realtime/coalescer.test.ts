import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Coalescer } from './coalescer'

function fakeClock() {
  let now = 0
  const timers: { at: number; fn: () => void; id: number }[] = []
  let nextId = 1
  return {
    clock: {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++
        timers.push({ at: now + ms, fn, id })
        return id as unknown as ReturnType<typeof setTimeout>
      },
      clearTimeout: (t: ReturnType<typeof setTimeout>) => {
        const i = timers.findIndex((x) => x.id === (t as unknown as number))
        if (i >= 0) timers.splice(i, 1)
      },
      // The end of the turn: runs at the next advance, before time moves on.
      defer: (fn: () => void) => {
        timers.push({ at: now, fn, id: nextId++ })
      },
    },
    advance(ms: number) {
      const end = now + ms
      for (;;) {
        timers.sort((a, b) => a.at - b.at)
        const t = timers[0]
        if (!t || t.at > end) break
        timers.shift()
        now = t.at
        t.fn()
      }
      now = end
    },
  }
}

const mergeMap = (acc: Map<string, number> | null, [k, v]: [string, number]) => (acc ?? new Map()).set(k, v)

describe('coalescer', () => {
  it('sends a burst at the end of its turn, then merges the rest into one message per interval', () => {
    const c = fakeClock()
    const sent: [number, Record<string, number>][] = []
    const co = new Coalescer(100, mergeMap, (m) => sent.push([c.clock.now(), Object.fromEntries(m)]), c.clock)
    co.push(['BTC', 1])
    co.push(['BTC', 2])
    co.push(['ETH', 5])
    expect(sent).toEqual([])
    c.advance(50)
    co.push(['BTC', 3])
    c.advance(60)
    expect(sent).toEqual([
      [0, { BTC: 2, ETH: 5 }],
      [100, { BTC: 3 }],
    ])
    c.advance(500)
    co.push(['ETH', 6])
    c.advance(0)
    expect(sent.at(-1)).toEqual([610, { ETH: 6 }])
  })

  it('sends nothing after dispose, not even a burst waiting for the end of its turn', () => {
    const c = fakeClock()
    const sent: unknown[] = []
    const co = new Coalescer(100, mergeMap, (m) => sent.push(m), c.clock)
    co.push(['BTC', 1])
    co.dispose()
    c.advance(0)
    co.push(['BTC', 2])
    c.advance(10)
    co.push(['BTC', 3])
    co.dispose()
    c.advance(500)
    expect(sent).toEqual([new Map([['BTC', 2]])])
  })

  it('property: never more than one message per interval, and the newest value always arrives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 250 }), fc.integer()), { maxLength: 200 }),
        (steps) => {
          const c = fakeClock()
          const times: number[] = []
          let lastSent: number | undefined
          const co = new Coalescer<number, number>(
            100,
            (_acc, v) => v,
            (m) => {
              times.push(c.clock.now())
              lastSent = m
            },
            c.clock,
          )
          for (const [dt, v] of steps) {
            c.advance(dt)
            co.push(v)
          }
          c.advance(1000)
          for (let i = 1; i < times.length; i++)
            expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(100)
          if (steps.length) expect(lastSent).toBe(steps.at(-1)?.[1])
        },
      ),
    )
  })
})
