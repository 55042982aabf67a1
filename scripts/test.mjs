// npm test: unit, API (PGlite, plus PostgreSQL when DATABASE_URL is set), the cluster test (2
// gateways + 2 cores; skipped without DATABASE_URL and REDIS_URL, under a minute) and browser suites,
// then one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { buildIfStale } from './build-if-stale.mjs'
import { ensureChromium } from './chromium.mjs'

fs.mkdirSync('test-results', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }
let exit = 0

const timings = []

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`)
  if (r.status !== 0) exit = 1
}

function countVitest(file) {
  if (!fs.existsSync(file)) {
    totals.failed += 1
    return
  }
  const j = JSON.parse(fs.readFileSync(file, 'utf8'))
  totals.passed += j.numPassedTests
  totals.failed += j.numFailedTests + (j.success ? 0 : j.numFailedTests === 0 ? 1 : 0)
  totals.skipped += j.numPendingTests + j.numTodoTests
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) {
    totals.failed += 1
    return
  }
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'))
  totals.passed += stats.expected + stats.flaky
  totals.failed += stats.unexpected
  totals.skipped += stats.skipped
}

for (const f of ['unit', 'api', 'cluster', 'e2e']) fs.rmSync(`test-results/${f}.json`, { force: true })

run('unit', 'npx', [
  'vitest',
  'run',
  '--project',
  'unit',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/unit.json',
])
countVitest('test-results/unit.json')

run('api', 'npx', [
  'vitest',
  'run',
  '--project',
  'api',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/api.json',
])
countVitest('test-results/api.json')

run('cluster', 'npx', [
  'vitest',
  'run',
  '--project',
  'cluster',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/cluster.json',
])
countVitest('test-results/cluster.json')

ensureChromium()
buildIfStale()
run('e2e', 'npx', ['playwright', 'test'])
countPlaywright('test-results/e2e.json')

console.log(`\ntime per suite: ${timings.join(', ')}`)
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
)
process.exit(exit || (totals.failed ? 1 : 0))
