import fs from 'node:fs'
import path from 'node:path'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { CATALOG_AREAS } from './catalog-areas'

// A route loads its areas' catalogs over the core one, into one table per language
// (src/app/i18n.ts): an area's different translation of a core message would replace it
// everywhere, and the tab bar's "Mine" or the market list's "Perpetual" would change with the
// pages visited before. A word with two meanings takes a context
// (`t({ message: 'Market', context: 'order type' })`), which makes it another message.
const root = path.resolve(import.meta.dirname, '../../locales')
const langs = fs
  .readdirSync(root)
  .filter((f) => f.endsWith('.po'))
  .map((f) => f.slice(0, -3))

describe('translation catalogs', () => {
  it('never translate a core message differently in an area', async () => {
    const po = formatter()
    const conflicts: string[] = []
    for (const lang of langs) {
      let core: Map<string, string> | undefined
      for (const area of ['core', ...CATALOG_AREAS]) {
        const file = area === 'core' ? path.join(root, `${lang}.po`) : path.join(root, area, `${lang}.po`)
        if (!fs.existsSync(file)) continue
        const catalog = await po.parse(fs.readFileSync(file, 'utf8'), {
          locale: lang,
          sourceLocale: 'en',
          filename: file,
        })
        const entries = Object.entries(catalog).filter(([, e]) => !e.obsolete && e.translation)
        if (!core) {
          core = new Map(entries.map(([id, e]) => [id, e.translation as string]))
          continue
        }
        for (const [id, e] of entries) {
          const shared = core.get(id)
          if (shared !== undefined && shared !== e.translation)
            conflicts.push(`${lang} "${e.message}": core "${shared}", ${area} "${e.translation}"`)
        }
      }
    }
    expect(conflicts).toEqual([])
  })
})
