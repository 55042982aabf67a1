// npm run bench:bundle: the gzip size of the JavaScript a phone downloads to render the home
// route, measured by loading the built app in Chromium and summing every script it fetched.
// Only the chunks listed in AFTER_PAINT may be left out of the sum, and only when the page asked
// for them after home's first paint (they bring the painted screen up to date).
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

// Libraries the app loads once home has painted; before that they count (and fail the check).
const AFTER_PAINT = [
  ['socket.io-client', /io server disconnect/],
  // The error messages and the table of area catalogs they are loaded through (src/app/i18n.ts).
  ['error messages', /"error\.account_abnormal"/],
  ['area catalog loaders', /locales\/errors\//],
  // The service worker is registered after the load event (UpdatePrompt).
  ['workbox-window', /skipWaiting|SKIP_WAITING/],
  // The update and install offers render once the first screen has painted (RootLayout).
  ['update offer', /messageSkipWaiting/],
  ['install offer', /installOfferDismissedAt/],
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
  // Up to 180 s: the first start backfills 90 days of candles, slow on a loaded 2-core machine.
  for (let i = 0; i < 360; i++) {
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
  // The frame in which home's heading first appears: home's first paint.
  await context.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.querySelector('h1')) return
      obs.disconnect()
      requestAnimationFrame(() => {
        window.__homePaintAt = performance.now()
      })
    }).observe(document, { childList: true, subtree: true })
  })
  const page = await context.newPage()
  const scripts = new Set()
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (url.pathname.endsWith('.js') && !url.pathname.endsWith('/sw.js')) scripts.add(url.pathname)
  })
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' })
  await page.waitForSelector('h1')
  const { paintAt, starts } = await page.evaluate(() => ({
    paintAt: window.__homePaintAt,
    starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime]),
  }))
  const startOf = new Map(starts)
  await browser.close()

  let raw = 0
  let gz = 0
  const rows = []
  const later = []
  for (const p of [...scripts].sort()) {
    const file = path.join(staticDir, p)
    const buf = fs.readFileSync(file)
    const size = gzipSync(buf, { level: 9 }).length
    const text = buf.toString('utf8')
    for (const [name, re] of FORBIDDEN) {
      if (re.test(text)) {
        console.error(`FORBIDDEN: ${name} is in ${p}, which the home route loads`)
        failed = true
      }
    }
    const deferred = AFTER_PAINT.find(([, re]) => re.test(text))
    if (deferred) {
      const start = startOf.get(p)
      if (typeof paintAt === 'number' && typeof start === 'number' && start > paintAt) {
        later.push([p, (size / 1024).toFixed(1), deferred[0], start - paintAt])
        continue
      }
      console.error(`${deferred[0]} (${p}) loads before home's first paint`)
      failed = true
    }
    raw += buf.length
    gz += size
    rows.push([p, (size / 1024).toFixed(1)])
  }
  for (const [p, kb] of rows) console.log(`  ${kb.padStart(7)} KB gz  ${p}`)
  if (later.length > 0) console.log("after home's first paint (not counted):")
  for (const [p, kb, name, ms] of later)
    console.log(`  ${kb.padStart(7)} KB gz  ${p} (${name}, requested ${Math.round(ms)} ms after the paint)`)
  console.log(
    `home route JS: ${rows.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
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
