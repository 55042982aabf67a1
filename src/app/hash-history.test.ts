import { describe, expect, it } from 'vitest'
import { hashRoute } from './hash-history'

describe('hashRoute', () => {
  it('is the route and its query after the hash, whatever the page query is', () => {
    expect(hashRoute('#/pages/market/quote?symbol=ETHUSDT')).toBe('/pages/market/quote?symbol=ETHUSDT')
    expect(hashRoute('#/pages/reg/index?code=AB12#top')).toBe('/pages/reg/index?code=AB12#top')
  })
  it('is the home route without a hash', () => {
    expect(hashRoute('')).toBe('/')
    expect(hashRoute('#')).toBe('/')
  })
})
