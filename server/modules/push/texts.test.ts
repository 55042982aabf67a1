import { LANG_CODES, toBcp47 } from '@common/i18n/languages'
import { format } from '@common/money/decimal'
import type { SpotOrder } from '@common/spot/schema'
import { describe, expect, it } from 'vitest'
import { pushCatalog } from '../../platform/notify/texts'
import { alertPayload, fillPayload, liquidationPayload } from './jobs'
import { noticePayload } from './notices'
import { PUSH_MESSAGES, type PushTextKey, pushText } from './texts'

const KEYS = Object.keys(PUSH_MESSAGES) as PushTextKey[]

describe('push texts', () => {
  it('every text is in the catalogs with its English source (lingui extract is current)', () => {
    const en = pushCatalog('en')
    for (const key of KEYS) expect(en[PUSH_MESSAGES[key].id], key).toBe(PUSH_MESSAGES[key].message)
    for (const lang of LANG_CODES)
      for (const key of KEYS) expect(pushCatalog(lang)[PUSH_MESSAGES[key].id], `${lang}.${key}`).toBeTruthy()
  })

  it('fills placeholders, amounts grouped with every digit kept; unknown languages read the default (tw)', () => {
    expect(pushText('en', 'alertAbove', { symbol: 'BTCUSDT', value: '61000', price: '61050.10' })).toBe(
      'BTCUSDT rose to 61,000: now 61,050.10',
    )
    expect(pushText('de', 'alertMove', { symbol: 'ETHUSDT', value: '5', price: '2850.00' })).toBe(
      'ETHUSDT hat sich um 5 % bewegt: jetzt 2.850,00',
    )
    // Only amounts are grouped: a symbol that happens to be digits stays as it is.
    expect(pushText('en', 'alertTitle', { symbol: '100000' })).toBe('100000 price alert')
    expect(pushText('xx', 'alertTitle', { symbol: 'BTCUSDT' })).toBe('BTCUSDT 價格提醒')
  })

  it('builds alert and fill pushes in each language with nothing left unfilled', () => {
    const order = {
      id: '9',
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      filled: '0.0100',
      avgPrice: '60000.00',
    } as SpotOrder
    for (const lang of LANG_CODES) {
      const alert = alertPayload(
        { id: '3', symbol: 'BTCUSDT', kind: 'below', value: '59000' },
        '58990.50',
        lang,
      )
      const fill = fillPayload(order, lang)
      const market = fillPayload({ ...order, type: 'market', side: 'buy', avgPrice: null }, lang)
      for (const text of [alert.title, alert.body, fill.title, fill.body, market.title, market.body])
        expect(text, lang).not.toMatch(/[{}]/)
      const locale = toBcp47(lang)
      expect(alert.body).toContain(format('59000', { locale }))
      expect(alert.body).toContain(format('58990.50', { locale, dp: 2 }))
      expect(fill.body).toContain(format('0.0100', { locale, dp: 4 }))
      expect(fill.body).toContain(format('60000.00', { locale, dp: 2 }))
      expect(fill.body).toContain(pushText(lang, 'limitSell'))
      expect(market.body).toContain(pushText(lang, 'marketBuy'))
      expect(alert.tag).toBe('alert-3')
      expect(fill.url).toBe('/#/pages/assets/trade-record')
    }
    expect(fillPayload(order, 'jp').body).toBe('0.0100 BTCUSDT の指値売り注文が 60,000.00 で約定しました。')
  })

  it('a liquidation says which position, the close price and the index that triggered it, in every language', () => {
    const l = {
      id: '7',
      symbol: 'BTCUSDT_PERP',
      side: 'short' as const,
      lots: '12',
      indexPrice: '70150.5',
      closePrice: '70160.0',
      loss: '85.2',
      insurancePaid: '0',
      ts: 0,
    }
    for (const lang of LANG_CODES) {
      const p = liquidationPayload(l, lang)
      expect(p.title + p.body, lang).not.toMatch(/[{}]/)
      expect(p.title, lang).toContain('BTCUSDT_PERP')
      const locale = toBcp47(lang)
      for (const v of [
        '12',
        format('70150.5', { locale, dp: 1 }),
        format('70160.0', { locale, dp: 1 }),
        pushText(lang, 'sideShort'),
      ])
        expect(p.body, lang).toContain(v)
      expect(p.url).toBe('/#/pages/assets/leverage-record?tab=liquidations')
    }
    expect(liquidationPayload({ ...l, side: 'long' }, 'en').body).toBe(
      'Your long position of 12 lots was closed at 70,160.0 after the index reached 70,150.5.',
    )
  })

  it("a notice push uses the reader's text, else English, else Traditional Chinese", () => {
    const texts = [
      { lang: 'en', title: 'Maintenance', body: 'Trading **pauses** at 02:00.' },
      { lang: 'tw', title: '維護', body: '' },
    ]
    expect(noticePayload('4', texts, 'tw')).toMatchObject({
      title: '維護',
      body: '點擊閱讀完整公告。',
      url: '/#/pages/article/detail?id=4',
      tag: 'notice-4',
    })
    expect(noticePayload('4', texts, 'fin')).toMatchObject({
      title: 'Maintenance',
      body: 'Trading pauses at 02:00.',
    })
    expect(noticePayload('4', [texts[1] as (typeof texts)[number]], 'pl').title).toBe('維護')
  })
})
