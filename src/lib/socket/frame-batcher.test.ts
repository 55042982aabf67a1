import { describe, expect, it } from 'vitest'
import { createFrameBatcher } from './frame-batcher'

describe('frame batcher', () => {
  it('runs every queued update in one frame, in order', () => {
    const frames: (() => void)[] = []
    const b = createFrameBatcher((cb) => frames.push(cb))
    const seen: number[] = []
    b.push(() => seen.push(1))
    b.push(() => seen.push(2))
    b.push(() => seen.push(3))
    expect(frames).toHaveLength(1)
    expect(seen).toEqual([])
    frames[0]?.()
    expect(seen).toEqual([1, 2, 3])
    b.push(() => seen.push(4))
    expect(frames).toHaveLength(2)
  })
})
