import { describe, expect, it } from 'vitest'
import { adsPath, FIRST_ADS } from './ads-path'

describe('adsPath', () => {
  it('writes the first screen address the static shell asks for', () => {
    expect(adsPath(FIRST_ADS)).toBe('c2c/ads?side=sell&coin=USDT&fiat=CNY')
  })

  it('adds the merchant and payment filters only when chosen, as the query always had them', () => {
    expect(adsPath({ side: 'buy', coin: 'BTC', fiat: 'EUR', merchant: true, payKind: 'bank' })).toBe(
      'c2c/ads?side=buy&coin=BTC&fiat=EUR&merchant=1&payKind=bank',
    )
    expect(adsPath({ side: 'buy', coin: 'ETH', fiat: 'USD', merchant: false })).toBe(
      'c2c/ads?side=buy&coin=ETH&fiat=USD',
    )
  })
})
