// Translation round-trip for people (and tools) that translate outside .po files:
//   node scripts/i18n-todo.mjs export <dir>   writes <dir>/<locale>.json: { id: englishText } still untranslated
//   node scripts/i18n-todo.mjs import <dir>   merges <dir>/<locale>.json: { id: translation } into locales/
import fs from 'node:fs'
import path from 'node:path'
import PO from 'pofile'

const [mode, dir] = process.argv.slice(2)
if (!['export', 'import'].includes(mode) || !dir) {
  console.error('usage: node scripts/i18n-todo.mjs export|import <dir>')
  process.exit(2)
}
const load = (f) => PO.parse(fs.readFileSync(f, 'utf8'))
const en = load('locales/en.po')
const english = new Map(en.items.map((i) => [i.msgid, i.msgstr[0] || i.msgid]))
fs.mkdirSync(dir, { recursive: true })

for (const file of fs.readdirSync('locales').filter((f) => f.endsWith('.po') && f !== 'en.po')) {
  const locale = file.replace(/\.po$/, '')
  const poPath = path.join('locales', file)
  const po = load(poPath)
  const jsonPath = path.join(dir, `${locale}.json`)
  if (mode === 'export') {
    const todo = {}
    for (const item of po.items) if (!item.msgstr[0]) todo[item.msgid] = english.get(item.msgid) ?? item.msgid
    fs.writeFileSync(jsonPath, `${JSON.stringify(todo, null, 1)}\n`)
    console.log(`${locale}: ${Object.keys(todo).length} to translate`)
  } else {
    if (!fs.existsSync(jsonPath)) continue
    const done = JSON.parse(fs.readFileSync(jsonPath, 'utf8'))
    let n = 0
    for (const item of po.items) {
      const t = done[item.msgid]
      if (typeof t === 'string' && t.trim() && !item.msgstr[0]) {
        item.msgstr = [t]
        n++
      }
    }
    fs.writeFileSync(poPath, po.toString().replace(/\n*$/, '\n'))
    console.log(`${locale}: ${n} merged`)
  }
}
