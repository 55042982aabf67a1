import fs from 'node:fs'
import path from 'node:path'
import { LANG_CODES } from '@common/i18n/languages'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { CATALOG_AREAS } from './catalog-areas'

// Routes load their areas' catalogs over the core one into one table per language, and keep them
// (src/app/i18n.ts): a message translated two ways would read as whichever catalog came last, so
// the tab bar's "Mine" or a status column would change with the pages visited before. A word
// with two meanings takes a context (`t({ message: 'Market', context: 'order type' })`), which
// makes it another message.
const root = path.resolve(import.meta.dirname, '../../locales')
const langs = fs
  .readdirSync(root)
  .filter((f) => f.endsWith('.po'))
  .map((f) => f.slice(0, -3))

/**
 * Two messages of one screen (one source file) that a language translates to the same words.
 * Justified pairs mean the same thing there (a plural in a language without plural nouns, a
 * short form, a heading and its button); anything else is a word that has collapsed, like C2C's
 * fiat "Amount" and coin "Quantity" both reading 數量: give one of them a context or a better word.
 */
const SAME_ON_PURPOSE: Record<string, string> = {
  'Appeal | Appeals': 'singular and plural: the console tab and one appeal',
  'API key | API keys': 'singular and plural (German, Japanese and Korean say both alike)',
  'Close all | Close all positions': 'the button and its confirmation: the same action',
  'Customer service | Online customer service':
    'the service links heading and its chat link: the same service',
  'Daily reward | Daily rewards': 'singular and plural',
  'Change | Edit': 'two actions on different rows, both "change this"',
  'Google authenticator reset | Reset Google authenticator': 'the audit action and its button',
  'Identity checks | Identity review': 'the console page and its list: the same review',
  'Language | Languages': 'singular and plural',
  'Leverage | Leveraged': 'an ETF’s leverage and "leveraged" kind: the same idea in one column',
  'Liq. price | Liquidation price': 'a short form',
  'Loan | Loans': 'singular and plural',
  'Max leverage | Maximum leverage': 'a short form',
  'Payment method | Payment methods': 'singular and plural',
  'Perp | Perpetual': 'a short form',
  'Phone | Phone number': 'a short form',
  'Pin | Pinned': 'the switch and the state it sets',
  'Product | Products': 'singular and plural',
  'Early redemption | Redeem early': 'the heading and its button',
  'Repayment | Repayments': 'singular and plural',
  'Replies | Reply': 'the replies list and its button',
  'Reverse | Reverse position': 'a short form',
  'Settlement suggested | Suggested settlement': 'the state and its heading',
  'Committed | Subscribed': 'the toast confirms the figure it changed',
  'Work order | Work orders': 'singular and plural',
}

/** One catalog file, parsed. */
const parsePo = (file: string, lang: string) =>
  formatter().parse(fs.readFileSync(file, 'utf8'), { locale: lang, sourceLocale: 'en', filename: file })

/** The app's catalogs of `lang` that exist, in `areas` order ('core' is the root one). */
async function catalogsOf(lang: string, areas: readonly string[]) {
  const out = []
  for (const area of areas) {
    const file = area === 'core' ? path.join(root, `${lang}.po`) : path.join(root, area, `${lang}.po`)
    if (fs.existsSync(file)) out.push({ area, file, catalog: await parsePo(file, lang) })
  }
  return out
}

/** Per language and source file, messages that read the same (case and spaces aside). */
async function collisions(): Promise<{ pair: string; lang: string; file: string; text: string }[]> {
  const out: { pair: string; lang: string; file: string; text: string }[] = []
  for (const lang of langs) {
    const byFile = new Map<string, Map<string, Set<string>>>()
    // The error catalogue is not a screen: two codes may well say the same thing.
    for (const { catalog } of await catalogsOf(lang, [
      'core',
      ...CATALOG_AREAS.filter((a) => a !== 'errors'),
    ])) {
      for (const [id, e] of Object.entries(catalog)) {
        if (e.obsolete || !e.translation) continue
        const text = e.translation.trim().toLowerCase()
        for (const [src] of e.origin ?? []) {
          const texts = byFile.get(src) ?? new Map<string, Set<string>>()
          byFile.set(src, texts)
          const ids = texts.get(text) ?? new Set<string>()
          texts.set(text, ids)
          ids.add(e.message ?? id)
        }
      }
    }
    for (const [file, texts] of byFile)
      for (const [text, ids] of texts)
        if (ids.size > 1) out.push({ pair: [...ids].sort().join(' | '), lang, file, text })
  }
  return out
}

describe('translation catalogs', () => {
  it('keep two messages of one screen apart in every language, unless they mean the same', async () => {
    const found = await collisions()
    const collapsed = found
      .filter((c) => !(c.pair in SAME_ON_PURPOSE))
      .map((c) => `${c.lang} ${c.file}: "${c.pair}" both read "${c.text}"`)
    expect(collapsed).toEqual([])
    // The list holds only pairs that still occur.
    const used = new Set(found.map((c) => c.pair))
    expect(Object.keys(SAME_ON_PURPOSE).filter((p) => !used.has(p))).toEqual([])
  })

  it('translate every message in all 15 languages, the app catalogs and the server ones (locales/push/server)', async () => {
    // The build fails on a missing translation of what the app loads (vite.config.ts); this also
    // covers what it never loads, the server's notification texts.
    const missing: string[] = []
    const dirs = fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name === 'en.po')
      .map((d) => d.parentPath)
    expect(dirs).toContain(path.join(root, 'push/server'))
    for (const dir of dirs) {
      expect(
        fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.po'))
          .map((f) => f.slice(0, -3))
          .sort(),
        dir,
      ).toEqual([...LANG_CODES].sort())
      for (const lang of LANG_CODES) {
        const file = path.join(dir, `${lang}.po`)
        const catalog = await parsePo(file, lang)
        for (const [id, e] of Object.entries(catalog))
          if (!e.obsolete && !e.translation?.trim())
            missing.push(`${path.relative(root, file)}: ${e.message ?? id}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('translate each message one way across the core catalog and the areas', async () => {
    const conflicts: string[] = []
    for (const lang of langs) {
      const seen = new Map<string, { translation: string; catalog: string }>()
      for (const { area, catalog } of await catalogsOf(lang, ['core', ...CATALOG_AREAS])) {
        for (const [id, e] of Object.entries(catalog)) {
          if (e.obsolete || !e.translation) continue
          const first = seen.get(id)
          if (!first) seen.set(id, { translation: e.translation, catalog: area })
          else if (first.translation !== e.translation)
            conflicts.push(
              `${lang} "${e.message}": ${first.catalog} "${first.translation}", ${area} "${e.translation}"`,
            )
        }
      }
    }
    expect(conflicts).toEqual([])
  })
})
