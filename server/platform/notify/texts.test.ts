import fs from 'node:fs'
import { LANG_CODES } from '@common/i18n/languages'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { notifyText, parsePo, placeholders, pushCatalog } from './texts'

const en = pushCatalog('en')
const IDS = Object.keys(en)

describe('server notification texts (locales/push/server)', () => {
  it('every message has a translation in all 15 languages, with the same placeholders as English', () => {
    expect(IDS.length).toBeGreaterThan(40)
    for (const lang of LANG_CODES) {
      const catalog = pushCatalog(lang)
      expect(Object.keys(catalog).sort(), lang).toEqual([...IDS].sort())
      for (const id of IDS) {
        const text = catalog[id] ?? ''
        expect(text.trim(), `${lang} ${id}`).not.toBe('')
        expect(placeholders(text).sort(), `${lang} ${id}`).toEqual(placeholders(en[id] ?? '').sort())
      }
    }
  })

  it('is translated: no other language repeats the English wording', () => {
    for (const lang of LANG_CODES) {
      if (lang === 'en') continue
      const catalog = pushCatalog(lang)
      for (const id of IDS) expect(catalog[id], `${lang} ${id}`).not.toBe(en[id])
    }
    // Traditional and Simplified Chinese are written differently, not one copied to the other.
    const tw = pushCatalog('tw')
    const zh = pushCatalog('zh')
    expect(IDS.filter((id) => tw[id] !== zh[id]).length).toBeGreaterThan(IDS.length / 2)
  })

  it('reads each catalog as Lingui writes it', async () => {
    const po = formatter()
    for (const lang of LANG_CODES) {
      const file = new URL(`../../../locales/push/server/${lang}.po`, import.meta.url)
      const text = fs.readFileSync(file, 'utf8')
      const lingui = await po.parse(text, { locale: lang, sourceLocale: 'en', filename: file.pathname })
      const expected = Object.fromEntries(
        Object.entries(lingui)
          .filter(([, e]) => !e.obsolete)
          .map(([id, e]) => [id, e.translation]),
      )
      expect(parsePo(text), lang).toEqual(expected)
    }
    expect(
      parsePo(
        'msgid ""\nmsgstr ""\n"Language: x\\n"\n\n#~ msgid "gone"\n#~ msgstr "weg"\n\nmsgid "a"\nmsgstr "\\"b\\" \\\\ c"\n',
      ),
    ).toEqual({ a: '"b" \\ c' })
  })

  it('fills placeholders as given, keeps one without a value, and reads the default language (tw) for an unknown one', () => {
    const msg = { id: 'push.c2c.new_order_body', message: 'Order {id} on your ad: {qty} {coin}.' }
    expect(notifyText('en', msg, { id: '7', qty: '1000.5', coin: 'USDT' })).toBe(
      'Order 7 on your ad: 1000.5 USDT.',
    )
    expect(notifyText('en', msg, { id: '7' })).toBe('Order 7 on your ad: {qty} {coin}.')
    expect(notifyText('xx', msg, { id: '7', qty: '1', coin: 'BTC' })).toBe('您的廣告有新訂單 7：1 BTC。')
    // A message the catalogs do not have yet reads its English source.
    expect(notifyText('de', { id: 'push.none', message: 'Only {x}' }, { x: 'this' })).toBe('Only this')
  })
})
