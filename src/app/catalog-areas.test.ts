import { describe, expect, it } from 'vitest'
import { areasFor as listed } from './catalog-areas'

describe('catalog areas per route', () => {
  it('keeps the home route and the market list on the core catalog alone', () => {
    for (const p of ['/', '/pages/home/index', '/pages/market/market']) expect(listed(p), p).toEqual([])
  })
  it('loads the error messages before every other route renders', () => {
    for (const p of ['/pages/trade/klinechart', '/pages/common/menu', '/pages/mine/index', '/admin/users'])
      expect(listed(p), p).toContain('errors')
  })
  it('loads the areas whose screens a route shows', () => {
    const areasFor = (p: string) => listed(p).filter((a) => a !== 'errors')
    expect(areasFor('/pages/mine/index')).toEqual(['account'])
    expect(areasFor('/pages/login/index')).toEqual(['account'])
    expect(areasFor('/pages/assets/withdraw').sort()).toEqual(['account', 'assets'])
    expect(areasFor('/pages/assets/trade-record').sort()).toEqual(['account', 'spot'])
    expect(areasFor('/pages/assets/sport-record').sort()).toEqual(['account', 'spot'])
    expect(areasFor('/pages/trade/trade-spot')).toEqual(['spot'])
    expect(areasFor('/pages/trade/index')).toEqual(['spot'])
    expect(areasFor('/pages/history/index')).toEqual(['spot'])
    expect(areasFor('/pages/market/quote')).toEqual(['spot'])
    expect(areasFor('/admin/deposits').sort()).toEqual(['account', 'admin'])
    expect(areasFor('/pages/article/news')).toEqual(['content'])
    expect(areasFor('/pages/article/detail')).toEqual(['content'])
    expect(areasFor('/pages/mine/price-alerts').sort()).toEqual(['account', 'push'])
    expect(areasFor('/pages/mine/notify-settings').sort()).toEqual(['account', 'push'])
    expect(areasFor('/pages/trade/trade-leverage').sort()).toEqual(['contract', 'spot'])
    expect(areasFor('/pages/trade/funding-rate')).toEqual(['contract'])
    expect(areasFor('/pages/trade/risk-fund')).toEqual(['contract'])
    expect(areasFor('/pages/assets/leverage-record')).toContain('contract')
  })
})
