import fs from 'node:fs'
import path from 'node:path'
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

describe('translation catalogs', () => {
  it('translate each message one way across the core catalog and the areas', async () => {
    const po = formatter()
    const conflicts: string[] = []
    for (const lang of langs) {
      const seen = new Map<string, { translation: string; catalog: string }>()
      for (const area of ['core', ...CATALOG_AREAS]) {
        const file = area === 'core' ? path.join(root, `${lang}.po`) : path.join(root, area, `${lang}.po`)
        if (!fs.existsSync(file)) continue
        const catalog = await po.parse(fs.readFileSync(file, 'utf8'), {
          locale: lang,
          sourceLocale: 'en',
          filename: file,
        })
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
