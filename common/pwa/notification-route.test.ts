import { describe, expect, it } from 'vitest'
import { notificationTarget } from './notification-route'

const scope = 'https://ex.example/'

describe('notification click target', () => {
  it("opens the app's hash route from the notification data", () => {
    expect(notificationTarget({ url: '/#/pages/market/quote?symbol=BTCUSDT' }, scope)).toBe(
      'https://ex.example/#/pages/market/quote?symbol=BTCUSDT',
    )
    expect(notificationTarget({ url: '/#/pages/article/detail?id=12' }, scope)).toBe(
      'https://ex.example/#/pages/article/detail?id=12',
    )
    expect(notificationTarget({ url: 'https://ex.example/#/pages/assets/trade-record' }, scope)).toBe(
      'https://ex.example/#/pages/assets/trade-record',
    )
    expect(notificationTarget({ url: '/' }, scope)).toBe('https://ex.example/')
  })

  it('stays inside an app served under a sub-path', () => {
    expect(notificationTarget({ url: '/#/pages/mine/index' }, 'https://ex.example/app/')).toBe(
      'https://ex.example/app/#/pages/mine/index',
    )
    expect(notificationTarget({ url: '/other/#/x' }, 'https://ex.example/app/')).toBe(
      'https://ex.example/app/',
    )
  })

  it('falls back to the home page for anything that is not a route of this app', () => {
    const home = 'https://ex.example/'
    for (const url of [
      'https://evil.example/#/pages/mine/index',
      '//evil.example/#/x',
      '/\\evil.example/#/x',
      'javascript:alert(1)',
      'data:text/html,hi',
      '/api/user/info',
      '/#pages/no-slash',
      'http://ex.example/#/pages/mine/index',
      `/#/${'a'.repeat(3000)}`,
    ])
      expect(notificationTarget({ url }, scope), url).toBe(home)
    for (const data of [null, undefined, 'x', 42, {}, { url: 5 }, { url: null }])
      expect(notificationTarget(data, scope)).toBe(home)
  })
})
