// npm run bench:lighthouse — Lighthouse mobile performance (its default preset: simulated slow 4G,
// 4x CPU slowdown, Moto G Power screen) of the first screens, driving Debian's Chromium against the
// built app served by the exchange (a fresh PGlite data dir unless BENCH_URL points at a running one).
// Prints one row per route (median of the runs) and, with --gate <score>, exits 1 when the worst
// route's median is under that score: a budget with headroom for machine noise, not a timing unit
// test. The trader screens are all measured: home, markets, quote, spot, perpetual and option
// trade, C2C and assets (the last as a signed-in user, the others as a visitor).
// A screen under the gate after its runs is measured twice more and judged on the median of all.
//   node scripts/bench-lighthouse.mjs [--runs 3] [--routes home,market,...] [--gate 90] [--wait 20] [--repeat] [--devtools] [--fixed-cpu] [--save dir]
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import * as constants from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { chromium } from 'playwright'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs'

const args = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : dflt
}
const RUNS = Number(opt('runs', '3'))
const GATE = opt('gate', null)
const REPEAT = args.includes('--repeat')
// --devtools: real throttling (the browser slows the network and CPU) instead of Lighthouse's
// simulation, to see what round trips cost when they really happen.
const DEVTOOLS = args.includes('--devtools')
// --wait <s>: how long Lighthouse waits for the page to go quiet before it stops recording (its
// maxWaitForLoad). The trade screens never go quiet (a live socket, a clock, prices each second), so
// every run waited Lighthouse's full 45 s. Their first-screen work ends within a few seconds (the
// latest largest paint seen on this contended host was 4.9 s), so 20 s records all of it and takes
// a run from about 55 s to about 25 s.
const WAIT_S = Number(opt('wait', '20'))
// --save <dir>: keep each run's full report (JSON) to read its traces and audits.
const SAVE = opt('save', null)
const ROUTES = {
  home: 'pages/home/index',
  market: 'pages/market/market',
  quote: 'pages/market/quote?symbol=BTCUSDT',
  'trade-spot': 'pages/trade/trade-spot',
  'trade-leverage': 'pages/trade/trade-leverage',
  'trade-option': 'pages/trade/trade-option',
  c2c: 'pages/transaction/index',
  assets: 'pages/assets/index',
}
// Screens that need an account: measured signed in (a visitor would be sent to the login page).
const SIGNED_IN = new Set(['assets'])
const chosen = opt('routes', Object.keys(ROUTES).join(',')).split(',')

const port = Number(process.env.BENCH_PORT || 4290)
let server = null
let base = process.env.BENCH_URL
if (!base) {
  const staticDir = process.env.STATIC_DIR || 'dist'
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    console.error(`no built app in ${staticDir}/: run npm run build first`)
    process.exit(2)
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'))
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Not 'production' only when a signed-in screen is measured: the account is registered through
      // the development helpers (slider gap, e-mail code), the only routes NODE_ENV adds.
      NODE_ENV: chosen.some((r) => SIGNED_IN.has(r)) ? 'test' : 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      STATIC_DIR: staticDir,
    },
  })
  // The phone does not run the exchange: on a two-core machine the server's work (its feeds, its
  // makers, its answers) would take CPU from the browser being measured, so it yields to it.
  try {
    os.setPriority(server.pid, 10)
  } catch {}
  base = `http://localhost:${port}/`
  const until = Date.now() + 240_000
  for (;;) {
    try {
      if ((await fetch(`${base}api/health`)).ok) break
    } catch {}
    if (Date.now() > until || server.exitCode !== null) {
      console.error('server did not start')
      process.exit(2)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  // Let the first-start backfill and the makers' first quotes settle: measure a quiet server.
  await new Promise((r) => setTimeout(r, 5_000))
}

// Chromium 156 preloads its omnibox popup (a WebUI page of its own desktop toolbar) in a renderer
// of its own, even headless: in most runs a few hundred ms of CPU, taken from the page being
// measured on two cores. No phone runs it. Chromium reads only the last --disable-features, so
// the launcher's own list is extended rather than repeated.
const NOT_MEASURED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI']
const launcherFlags = chromeLauncher.Launcher.defaultFlags().map((f) =>
  f.startsWith('--disable-features=') ? `${f},${NOT_MEASURED.join(',')}` : f,
)
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath() ?? undefined,
  ignoreDefaultFlags: true,
  chromeFlags: [...launcherFlags, '--headless=new', ...CHROMIUM_ARGS],
})

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const flags = {
  port: chrome.port,
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  // A first visit: storage and the service worker are cleared before each run (the default);
  // --repeat keeps them, measuring the installed app's return visit.
  disableStorageReset: REPEAT,
  maxWaitForLoad: WAIT_S * 1000,
  // The report's full-page picture (five seconds a run) is no part of any metric.
  disableFullPageScreenshot: true,
  ...(DEVTOOLS ? { throttlingMethod: 'devtools' } : {}),
}
// Lighthouse's 4x CPU slowdown is calibrated for a host whose BenchmarkIndex is 1500-2000 (its
// throttling docs). This machine's index swings between about 800 and 2600 as its shared CPUs are
// contended, so a fixed 4x emulates a different phone from one run to the next. Before each run the
// host's index is measured with Lighthouse's own benchmark and the slowdown set to
// 4 x index / 1750: every run emulates the same phone (--fixed-cpu keeps a plain 4x).
const REFERENCE_INDEX = 1750
const FIXED_CPU = args.includes('--fixed-cpu')
async function hostIndex() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    // The median of three samples: one sample taken in a quiet moment set a 6x slowdown for a run
    // that then met the usual contention (CI of stop 45: every screen 72-91 on unchanged code).
    const samples = []
    for (let i = 0; i < 3; i++)
      samples.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`))
    await page.close()
    return samples.sort((a, b) => a - b)[1]
  } finally {
    await browser.close()
  }
}
async function warm(url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    // The page's data and socket snapshots arrive within a few seconds (its socket never idles).
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(4_000)
    await page.close()
  } finally {
    await browser.close()
  }
}
async function calibrated() {
  if (FIXED_CPU || DEVTOOLS) return { flags, index: null, cpu: 4 }
  const index = await hostIndex()
  const cpu = Math.max(1, Math.round((4 * index * 100) / REFERENCE_INDEX) / 100)
  const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu }
  return { flags: { ...flags, throttling }, index, cpu }
}

/** One API call of the exchange's envelope; the answer's data. */
async function api(method, url, body) {
  const res = await fetch(`${base}api/${url}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const env = await res.json()
  if (env.code !== 200) throw new Error(`${url}: ${env.code} ${env.msg}`)
  return env.data
}
/**
 * The account of the signed-in screens: BENCH_TOKEN, or one registered as a person would, with the
 * development helpers reading the slider gap and the e-mail code (the bench's own server only).
 */
async function accountToken() {
  if (process.env.BENCH_TOKEN) return process.env.BENCH_TOKEN
  if (!server) throw new Error('signed-in screens against BENCH_URL need BENCH_TOKEN')
  const email = `bench.${Date.now()}@example.com`
  const password = 'Passw0rd!bench'
  const ch = await api('POST', 'sliderVerify', {})
  const { x } = await api('GET', `dev/slider/${ch.challengeId}`)
  const { ticket } = await api('POST', 'sliderVerify', { challengeId: ch.challengeId, x })
  await api('POST', 'user/register/sendEmailCode', { email, ticket })
  const outbox = await api('GET', `dev/outbox?to=${encodeURIComponent(email)}`)
  const code = /\b(\d{6})\b/.exec(outbox.at(-1)?.text ?? '')?.[1] ?? ''
  const r = await api('POST', 'user/register', {
    type: 'email',
    email,
    code,
    password,
    confirmPassword: password,
    tradePassword: '135790',
    confirmTradePassword: '135790',
    agree: true,
  })
  return r.token
}
/** Signs the browser's profile in (the app keeps its token in localStorage) or out. */
async function setToken(token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.goto(`${base}api/health`)
    await page.evaluate((t) => {
      if (t) localStorage.setItem('token', JSON.stringify(t))
      else localStorage.removeItem('token')
    }, token)
    await page.close()
  } finally {
    await browser.close()
  }
}

/** What else runs on this host: a run measures the page only when the browser has the CPU. */
function busiest() {
  try {
    // top's second sample: the CPU of the last second (ps would give each process's lifetime mean).
    const out = execFileSync('top', ['-b', '-c', '-n', '2', '-d', '1', '-o', '%CPU', '-w', '180'], {
      encoding: 'utf8',
    })
    const last = out.slice(out.lastIndexOf('PID'))
    return last
      .split('\n')
      .slice(0, 7)
      .map((l) => `  ${l.trim()}`)
      .join('\n')
  } catch {
    return ''
  }
}
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
console.log(`host: ${os.cpus().length} cores, load ${load()}`)
if (os.loadavg()[0] > os.cpus().length / 2) console.log(`busiest processes:\n${busiest()}`)

const rows = []
let token = null
try {
  for (const name of chosen) {
    // Lighthouse keeps localStorage between runs (it clears caches and the service worker only).
    if (SIGNED_IN.has(name)) {
      token ??= await accountToken()
      await setToken(token)
    } else if (token) await setToken(null)
    // One load first that is not measured: the server's first answers on a route (its queries
    // planned, its code compiled, the embedded database's pages read) take CPU that the browser on
    // the same machine then lacks, so a route's first run measured the server's start more than the
    // page. A plain page load warms the same answers in a few seconds, a Lighthouse run in twenty.
    await warm(`${base}?lh=${name}-warm#/${ROUTES[name]}`)
    const runs = []
    // A screen whose median of RUNS is under the gate gets two runs more, and is judged on the median
    // of all: one noisy run of three moves a median, one of five does not.
    const more = () => GATE && runs.length === RUNS && median(runs.map((r) => r.score)) < Number(GATE)
    for (let i = 0; i < RUNS || (i < RUNS + 2 && (i > RUNS || more())); i++) {
      // A query of its own per run: two URLs that differ only after '#' are one document, and
      // Lighthouse then sees no navigation start (NO_NAVSTART) on the second route.
      const url = `${base}?lh=${name}-${i}#/${ROUTES[name]}`
      // Chromium now and then records a trace without its navigation start (NO_NAVSTART): that
      // run says nothing about the page, so it is taken again (at most twice).
      let r
      let host
      for (let attempt = 1; ; attempt++) {
        host = await calibrated()
        r = await lighthouse(url, host.flags)
        const err = r.lhr.runtimeError
        if (!err) break
        if (attempt >= 3) throw new Error(`${name}: ${err.message}`)
        console.error(`${name} run ${i + 1}: ${err.code}, taken again`)
      }
      const lhr = r.lhr
      if (SAVE) {
        fs.mkdirSync(SAVE, { recursive: true })
        fs.writeFileSync(path.join(SAVE, `${name}-${i + 1}.json`), r.report)
      }
      const run = {
        score: Math.round(lhr.categories.performance.score * 100),
        cpu: host.cpu,
        index: host.index,
      }
      for (const [k, id] of Object.entries(METRICS)) run[k] = lhr.audits[id].numericValue
      runs.push(run)
    }
    const row = { route: name }
    for (const k of ['score', ...Object.keys(METRICS)]) row[k] = median(runs.map((r) => r[k]))
    row.scores = runs.map((r) => r.score).join('/')
    row.cpu = runs.map((r) => r.cpu).join('/')
    row.index = runs.map((r) => (r.index === null ? '-' : Math.round(r.index))).join('/')
    rows.push(row)
  }
} finally {
  await chrome.kill()
  server?.kill('SIGTERM')
}

const ms = (v) => `${(v / 1000).toFixed(2)} s`
console.log(
  `\nLighthouse ${REPEAT ? 'repeat' : 'first'} visit, mobile preset, median of the runs (scores of each run)`,
)
console.table(
  rows.map((r) => ({
    route: r.route,
    score: `${r.score} (${r.scores})`,
    FCP: ms(r.fcp),
    LCP: ms(r.lcp),
    TBT: `${Math.round(r.tbt)} ms`,
    CLS: r.cls.toFixed(3),
    SI: ms(r.si),
    'CPU x (host index)': `${r.cpu} (${r.index})`,
  })),
)
if (GATE) {
  // The worst screen, not only home: each trader screen must keep its first paint.
  const worst = rows.reduce((a, b) => (b.score < a.score ? b : a))
  if (worst.score < Number(GATE)) {
    console.error(`${worst.route} median score ${worst.score} is under the budget of ${GATE}`)
    console.error(`host load ${load()}; busiest processes:\n${busiest()}`)
    process.exit(1)
  }
  console.log(`worst median score ${worst.score} (${worst.route}) >= budget ${GATE}`)
}
process.exit(0)
