import { LANG_CODES } from '@common/i18n/languages'
import type { SpotOrder } from '@common/schemas/spot'
import { describe, expect, it } from 'vitest'
import { alertPayload, fillPayload } from './jobs'
import { noticePayload } from './notices'
import { PUSH_TEXTS, type PushTextKey, placeholders, pushText } from './texts'

const KEYS = Object.keys(PUSH_TEXTS.en) as PushTextKey[]

describe('push texts', () => {
  it('every app language has every text, with the same placeholders as English', () => {
    expect(Object.keys(PUSH_TEXTS).sort()).toEqual([...LANG_CODES].sort())
    for (const lang of LANG_CODES)
      for (const key of KEYS) {
        const text = PUSH_TEXTS[lang][key]
        expect(text.trim(), `${lang}.${key}`).not.toBe('')
        expect(placeholders(text).sort(), `${lang}.${key}`).toEqual(placeholders(PUSH_TEXTS.en[key]).sort())
      }
  })

  it('is translated: no other language repeats the English wording', () => {
    for (const lang of LANG_CODES) {
      if (lang === 'en') continue
      for (const key of KEYS) expect(PUSH_TEXTS[lang][key], `${lang}.${key}`).not.toBe(PUSH_TEXTS.en[key])
      const all = KEYS.map((k) => PUSH_TEXTS[lang][k])
      // Traditional and Simplified Chinese are written differently, not one copied to the other.
      if (lang === 'zh') expect(all).not.toEqual(KEYS.map((k) => PUSH_TEXTS.tw[k]))
    }
  })

  it('fills placeholders with the decimal strings as given; unknown languages read the default (tw)', () => {
    expect(pushText('en', 'alertAbove', { symbol: 'BTCUSDT', value: '61000', price: '61050.10' })).toBe(
      'BTCUSDT rose to 61000: now 61050.10',
    )
    expect(pushText('de', 'alertMove', { symbol: 'ETHUSDT', value: '5', price: '2850.00' })).toBe(
      'ETHUSDT hat sich um 5 % bewegt: jetzt 2850.00',
    )
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
      expect(alert.body).toContain('59000')
      expect(alert.body).toContain('58990.50')
      expect(fill.body).toContain('0.0100')
      expect(fill.body).toContain('60000.00')
      expect(fill.body).toContain(pushText(lang, 'limitSell'))
      expect(market.body).toContain(pushText(lang, 'marketBuy'))
      expect(alert.tag).toBe('alert-3')
      expect(fill.url).toBe('/#/pages/assets/trade-record')
    }
    expect(fillPayload(order, 'jp').body).toBe('0.0100 BTCUSDT の指値売り注文が 60000.00 で約定しました。')
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
