// npm run bench:bundle: the gzip size of the JavaScript a phone downloads to render the home
// route, measured by loading the built app in Chromium and summing every script it fetched.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { buildIfStale } from './build-if-stale.mjs'
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs'

const BUDGET_KB = 160
// Libraries that must never be part of the home route.
const FORBIDDEN = [
  ['klinecharts', /klinecharts/i],
  ['wagmi', /wagmi@|@wagmi\//],
  ['viem', /viem@|Version: viem/],
]

const executablePath = ensureChromium()
// STATIC_DIR measures an existing build (e.g. a development build in dist-x); default: dist, rebuilt when stale.
const staticDir = process.env.STATIC_DIR || 'dist'
if (!process.env.STATIC_DIR) buildIfStale()

const port = 4300 + Math.floor(Math.random() * 500)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    STATIC_DIR: staticDir,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

async function waitHealthy() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

let failed = false
try {
  await waitHealthy()
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  const scripts = new Set()
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (url.pathname.endsWith('.js') && !url.pathname.endsWith('/sw.js')) scripts.add(url.pathname)
  })
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' })
  await page.waitForSelector('h1')
  await browser.close()

  let raw = 0
  let gz = 0
  const rows = []
  for (const p of [...scripts].sort()) {
    const file = path.join(staticDir, p)
    const buf = fs.readFileSync(file)
    const size = gzipSync(buf, { level: 9 }).length
    raw += buf.length
    gz += size
    rows.push([p, (size / 1024).toFixed(1)])
    for (const [name, re] of FORBIDDEN) {
      if (re.test(buf.toString('utf8'))) {
        console.error(`FORBIDDEN: ${name} is in ${p}, which the home route loads`)
        failed = true
      }
    }
  }
  for (const [p, kb] of rows) console.log(`  ${kb.padStart(7)} KB gz  ${p}`)
  console.log(
    `home route JS: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
  )
  if (gz / 1024 > BUDGET_KB) {
    console.error('over budget')
    failed = true
  }
} finally {
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
