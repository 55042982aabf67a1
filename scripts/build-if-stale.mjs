// Builds the PWA when dist/ is missing or older than any source it is made from.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = [
  'src',
  'common',
  'locales',
  'public',
  'sw',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
]
const STAMP = path.join('dist', '.build-stamp')

function newest(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)))
  return max
}

export function buildIfStale() {
  const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0
  const changed = Math.max(...SOURCES.map(newest))
  if (built && built >= changed) return
  console.log(built ? 'sources changed: building the app…' : 'no build yet: building the app…')
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
  fs.writeFileSync(STAMP, new Date().toISOString())
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale()
