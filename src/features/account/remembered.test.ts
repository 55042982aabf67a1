import { describe, expect, it } from 'vitest'
import { forget, remember } from './remembered'

describe('remembered accounts', () => {
  const a = { userId: 'a', label: 'a@x.io', nickname: 'a', token: 't1' }
  const b = { userId: 'b', label: 'b@x.io', nickname: 'b', token: 't2' }
  it('keeps the newest first, one entry per user, at most five', () => {
    let list = remember([], a)
    list = remember(list, b)
    list = remember(list, { ...a, token: 't3' })
    expect(list.map((x) => `${x.userId}:${x.token}`)).toEqual(['a:t3', 'b:t2'])
    for (let i = 0; i < 10; i++) list = remember(list, { ...a, userId: `u${i}` })
    expect(list).toHaveLength(5)
    expect(forget([a, b], 'a')).toEqual([b])
  })
})
