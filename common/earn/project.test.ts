import { describe, expect, it } from 'vitest'
import { dueState, nextChange, timesInOrder } from './project'

const t = { startAt: 100, closeAt: 200, announceAt: 300 }

describe('project states', () => {
  it('follows the stored times', () => {
    expect(dueState(t, 99)).toBe('preheat')
    expect(dueState(t, 100)).toBe('open')
    expect(dueState(t, 199)).toBe('open')
    expect(dueState(t, 200)).toBe('closed')
    expect(dueState(t, 300)).toBe('announced')
    expect(nextChange('preheat', t)).toBe(100)
    expect(nextChange('closed', t)).toBe(300)
    expect(nextChange('announced', t)).toBeNull()
  })
  it('checks the order of the times', () => {
    expect(timesInOrder({ ...t, listingAt: 300 })).toBe(true)
    expect(timesInOrder({ ...t, closeAt: 100, listingAt: 400 })).toBe(false)
    expect(timesInOrder({ ...t, listingAt: 299 })).toBe(false)
  })
})
