import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from './search-params'

describe('search serialisation', () => {
  it('writes plain values: shared links read ?id=1', () => {
    expect(stringifySearch({ id: '1' })).toBe('?id=1')
    expect(stringifySearch({ id: 12 })).toBe('?id=12')
    expect(stringifySearch({ symbol: 'BTCUSDT', period: '15m' })).toBe('?symbol=BTCUSDT&period=15m')
    expect(stringifySearch({ add: 1, q: undefined })).toBe('?add=1')
    expect(stringifySearch({ q: 'a b&c' })).toBe('?q=a+b%26c')
    expect(stringifySearch({})).toBe('')
  })

  it('reads values as text; the routes turn them into what they need', () => {
    expect(parseSearch('?id=1')).toEqual({ id: '1' })
    expect(parseSearch('?symbol=BTCUSDT&page=2&flag=true')).toEqual({
      symbol: 'BTCUSDT',
      page: '2',
      flag: 'true',
    })
    expect(parseSearch('')).toEqual({})
  })

  it('opens links written before: JSON-quoted values (?id=%221%22) read as their text', () => {
    expect(parseSearch('?id=%221%22')).toEqual({ id: '1' })
    expect(parseSearch('?symbol=%22ETHUSDT%22&tab=spot')).toEqual({ symbol: 'ETHUSDT', tab: 'spot' })
    // A broken quote is kept as it is (the route's schema then falls back).
    expect(parseSearch('?id=%221')).toEqual({ id: '"1' })
  })

  it('round-trips text that looks like JSON, and objects', () => {
    for (const search of [{ q: '"quoted"' }, { q: '[x]' }, { q: '{' }, { f: { a: 1 } }, { id: '007' }]) {
      const back = parseSearch(stringifySearch(search))
      expect(back).toEqual(search)
    }
  })

  it('never touches the prototype', () => {
    const s = parseSearch('?__proto__=%7B%22x%22%3A1%7D')
    expect(({} as { x?: number }).x).toBeUndefined()
    expect(Object.getPrototypeOf(s)).toBeNull()
  })
})
