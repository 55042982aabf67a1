#!/usr/bin/env node
/**
 * node scripts/profile-summary.mjs <file.cpuprofile> [...] — groups the samples of a V8 CPU
 * profile (from `BENCH_CPU_PROF=<dir> npm run bench:orders` or `node --cpu-prof`) into the
 * buckets of the order path and prints the share of each, plus the top files by self time.
 * A sample in a Node internal or native frame is charged to the nearest caller from a known
 * file (a stream write called by pg counts as SQL), except GC, idle and JSON built-ins.
 */
import fs from 'node:fs'

const BUCKETS = [
  [
    'HTTP (fastify, light-my-request, node http)',
    /node_modules\/(fastify|light-my-request|find-my-way|avvio|@fastify\/|fastq|process-warning|toad-cache|helmet|cookie)|^node:_http|server\/http\//,
  ],
  ['serialisation (JSON)', /node_modules\/(fast-json-stringify|secure-json-parse|fast-uri|ajv)|^JSON$/],
  ['auth and session lookup', /server\/platform\/(identity|api-keys)\/|server\/http\/auth/],
  ['validation (valibot)', /node_modules\/valibot|common\/.*schema/],
  [
    'SQL (pg / PGlite incl. its wasm Postgres, kysely)',
    /node_modules\/(pg|pg-protocol|pg-types|pg-pool|pgpass|postgres-|@electric-sql|kysely)|server\/db\/|^wasm:/,
  ],
  [
    'socket fan-out (socket.io, ws)',
    /node_modules\/(socket\.io|engine\.io|ws|@socket\.io)|server\/realtime\//,
  ],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|thread-stream|on-exit-leak-free|fast-redact)/],
  ['metrics (prom-client)', /node_modules\/(prom-client|tdigest|bintrees)|server\/platform\/metrics\//],
  ['matching engine', /server\/engine\//],
  ['ledger and decimals', /server\/ledger\/|node_modules\/big\.js|common\/.*(decimal|money)/],
  ['order use case (server/modules, common)', /server\/|common\//],
  ['bench client and loader (tsx)', /scripts\/|node_modules\/tsx/],
  ['GC', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)$/],
]

function keyOf(frame) {
  const { url, functionName } = frame
  if (!url) {
    if (functionName === '(garbage collector)' || functionName === '(idle)') return functionName
    if (functionName === 'stringify' || functionName === 'parse') return 'JSON?'
    return null
  }
  if (url.startsWith('node:_http')) return url
  if (url.startsWith('node:')) return null
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(node_modules\/)/, '$1')
}

function summarise(file) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8'))
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  // Samples are counted, not weighted by their time delta: on a busy machine a delta also holds
  // the time the process waited for a core.
  const time = new Map()
  for (const s of p.samples) time.set(s, (time.get(s) ?? 0) + 1)
  const buckets = new Map()
  const files = new Map()
  let total = 0
  for (const [id, us] of time) {
    let key = null
    let jsonNative = false
    for (let n = byId.get(id); n; n = byId.get(parent.get(n.id))) {
      const k = keyOf(n.callFrame)
      if (k === 'JSON?') {
        jsonNative = true
        continue
      }
      if (k) {
        key = k
        break
      }
    }
    // A JSON built-in called from node:url or similar is not JSON: only count it when the caller
    // is not an HTTP parser frame.
    if (jsonNative && key && !/node:_http/.test(key)) key = 'JSON'
    const fn = byId.get(id).callFrame.functionName
    if (!key) key = fn === '(program)' || fn === '(root)' ? '(program)' : 'node internals'
    total += us
    files.set(key, (files.get(key) ?? 0) + us)
    const bucket = BUCKETS.find(([, re]) => re.test(key))?.[0] ?? 'other (program, node internals)'
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us)
  }
  const pct = (us, of = total) => `${((100 * us) / of).toFixed(1).padStart(5)} %`
  // Idle is the process waiting (for PostgreSQL, for a core): the busy column leaves it out.
  const busy = total - (buckets.get('idle') ?? 0)
  console.log(`${file}: ${total} samples (all | busy, idle left out)`)
  for (const [b, us] of [...buckets].sort((a, c) => c[1] - a[1]))
    console.log(`  ${pct(us)} | ${b === 'idle' ? '       ' : pct(us, busy)}  ${b}`)
  console.log('  top files by self time:')
  for (const [f, us] of [...files].sort((a, c) => c[1] - a[1]).slice(0, 15))
    console.log(`    ${pct(us)}  ${f}`)
}

const args = process.argv.slice(2)
if (args.length === 0) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile> [...]')
  process.exit(1)
}
for (const f of args) summarise(f)
