// Translation round-trip for people (and tools) that translate outside .po files. Works over every
// catalog (locales/<lang>.po and locales/<area>/<lang>.po), one JSON file per language:
//   node scripts/i18n-todo.mjs export <dir>   writes <dir>/<lang>.json: { id: englishText } still untranslated
//   node scripts/i18n-todo.mjs import <dir>   fills empty translations from <dir>/<lang>.json: { id: translation }
//   node scripts/i18n-todo.mjs dump <dir>     writes <dir>/<lang>.json with every translation there is (to carry them
//                                             over when messages move between catalogs, then `import`)
import fs from 'node:fs'
import path from 'node:path'
import PO from 'pofile'

const [mode, dir] = process.argv.slice(2)
if (!['export', 'import', 'dump'].includes(mode) || !dir) {
  console.error('usage: node scripts/i18n-todo.mjs export|import|dump <dir>')
  process.exit(2)
}
const load = (f) => PO.parse(fs.readFileSync(f, 'utf8'))
const catalogs = fs
  .readdirSync('locales', { recursive: true })
  .filter((f) => f.endsWith('.po'))
  .map((f) => ({ file: path.join('locales', f), lang: path.basename(f, '.po') }))
const english = new Map()
for (const c of catalogs.filter((c) => c.lang === 'en'))
  for (const i of load(c.file).items) english.set(i.msgid, i.msgstr[0] || i.msgid)
fs.mkdirSync(dir, { recursive: true })

const langs = [...new Set(catalogs.map((c) => c.lang))].filter((l) => l !== 'en')
for (const lang of langs) {
  const files = catalogs.filter((c) => c.lang === lang).map((c) => c.file)
  const jsonPath = path.join(dir, `${lang}.json`)
  if (mode === 'export' || mode === 'dump') {
    const out = {}
    for (const f of files)
      for (const item of load(f).items) {
        if (mode === 'export' && !item.msgstr[0]) out[item.msgid] = english.get(item.msgid) ?? item.msgid
        if (mode === 'dump' && item.msgstr[0]) out[item.msgid] = item.msgstr[0]
      }
    fs.writeFileSync(jsonPath, `${JSON.stringify(out, null, 1)}\n`)
    console.log(`${lang}: ${Object.keys(out).length} ${mode === 'export' ? 'to translate' : 'translations'}`)
  } else {
    if (!fs.existsSync(jsonPath)) continue
    const done = JSON.parse(fs.readFileSync(jsonPath, 'utf8'))
    let n = 0
    for (const f of files) {
      const po = load(f)
      for (const item of po.items) {
        const t = done[item.msgid]
        if (typeof t === 'string' && t.trim() && !item.msgstr[0]) {
          item.msgstr = [t]
          n++
        }
      }
      fs.writeFileSync(f, po.toString().replace(/\n*$/, '\n'))
    }
    console.log(`${lang}: ${n} filled`)
  }
}
