/**
 * npm run bench:orders — durable order placement through the HTTP layer (app.inject: routing,
 * auth, validation, the spot use case and its transaction) on file-backed PGlite, and on
 * PostgreSQL too when DATABASE_URL is set (in a throw-away schema). Each backend is measured
 * with 50 and 200 concurrent clients (BENCH_CLIENTS="50,200"). Users trade BTCUSDT: limit
 * orders around one price, about half of them crossing. Prints orders/s and latency
 * percentiles. Bounded: a fixed number of orders per run (BENCH_ORDERS).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { Session } from 'node:inspector/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { type Db, migrate, openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { move, postEntry } from '../server/ledger/ledger'
import { createSession } from '../server/platform/identity/sessions'
import { orderBatch, setMetricsEnabled } from '../server/platform/metrics/registry'
import { postgresCpuMs } from './proc-cpu'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 4000)
const CLIENTS = (process.env.BENCH_CLIENTS ?? '50,200').split(',').map(Number)
const USERS = Number(process.env.BENCH_USERS ?? 20)
// BENCH_METRICS="off,on" measures each case without, then with the Prometheus metrics (default: on).
const METRICS = (process.env.BENCH_METRICS ?? 'on').split(',')
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each measured run (the timed loop only, not the
// set-up) to <dir>/orders-<backend>-<clients>-<metrics>.cpuprofile; summarise it with
// `node scripts/profile-summary.mjs <file>`. The server runs in this process (app.inject), so the
// profile holds the server's path and the in-process client's light-my-request calls.
const PROF_DIR = process.env.BENCH_CPU_PROF

interface Backend {
  name: string
  open(): Promise<{ db: Db; cleanup(): Promise<void> }>
}

const backends: Backend[] = [
  {
    name: 'PGlite (file)',
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'))
      const db = await openDb({ databaseUrl: null, dataDir })
      return { db, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
    },
  },
]
const url = process.env.DATABASE_URL
if (url)
  backends.push({
    name: 'PostgreSQL',
    async open() {
      const schema = `bench_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`create schema ${schema}`)
      await admin.end()
      const db = await openDb({ databaseUrl: url, schema })
      return {
        db,
        async cleanup() {
          const c = new pg.Client({ connectionString: url })
          await c.connect()
          await c.query(`drop schema ${schema} cascade`)
          await c.end()
        },
      }
    },
  })

async function run(backend: Backend, clients: number, label: string): Promise<void> {
  setMetricsEnabled(label !== 'off')
  const { db, cleanup } = await backend.open()
  await migrate(db)
  const config = {
    ...loadConfig({}),
    logLevel: 'silent',
    staticDir: '/nonexistent',
    rateLimitPerMinute: 10_000_000,
  }
  const app = await buildApp({ config, db })
  await app.ready()

  async function user(i: number): Promise<string> {
    const id = randomUUID()
    await db
      .insertInto('users')
      .values({
        id,
        email: `bench${i}@example.com`,
        password_hash: 'x',
        nickname: `bench${i}`,
        invite_code: `BENCH${i}`,
        password_changed_at: new Date(),
        created_at: new Date(),
      })
      .execute()
    for (const [asset, amount] of [
      ['USDT', '100000000'],
      ['BTC', '100000'],
    ] as const) {
      await db.transaction().execute((trx) =>
        postEntry(trx, {
          reason: 'recharge',
          postings: move(
            { holder: 'system', account: 'deposit_clearing', asset },
            { holder: id, account: 'spot', asset },
            amount,
          ),
        }),
      )
    }
    const s = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'bench' })
    return s.token
  }

  const tokens: string[] = []
  for (let i = 0; i < USERS; i++) tokens.push(await user(i))
  let next = 0
  const latencies: number[] = []
  let failures = 0

  // Even users buy, odd users sell: every user trades with the others, never with itself.
  async function client(): Promise<void> {
    while (next < ORDERS) {
      const i = next++
      const u = i % USERS
      const side = u % 2 === 0 ? 'buy' : 'sell'
      const price = String(60000 + ((i * 7919) % 21) - 10)
      const t0 = process.hrtime.bigint()
      const res = await app.inject({
        method: 'POST',
        url: '/api/spot/order/place',
        headers: { authorization: `Bearer ${tokens[u]}` },
        payload: { symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.01' },
      })
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
      if (res.json().code !== 200) failures++
    }
  }

  // Group commits of the run (metrics on): how many transactions, how many orders each.
  const groups = async () => {
    const { values } = await orderBatch.get()
    const of = (name: string) =>
      values.find((v) => v.metricName === name && v.labels.kind === 'spot')?.value ?? 0
    return { n: of('exchange_order_batch_size_count'), orders: of('exchange_order_batch_size_sum') }
  }
  const g0 = await groups()
  const profiler = PROF_DIR ? new Session() : null
  if (profiler) {
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  const start = performance.now()
  const cpu0 = process.cpuUsage()
  const pg0 = backend.name === 'PostgreSQL' ? postgresCpuMs() : null
  await Promise.all(Array.from({ length: clients }, client))
  const secs = (performance.now() - start) / 1000
  if (profiler && PROF_DIR) {
    const { profile } = await profiler.post('Profiler.stop')
    profiler.disconnect()
    fs.mkdirSync(PROF_DIR, { recursive: true })
    const name = `orders-${backend.name.split(' ')[0]?.toLowerCase()}-${clients}-${label}.cpuprofile`
    fs.writeFileSync(path.join(PROF_DIR, name), JSON.stringify(profile))
  }
  // This process's CPU per order (PGlite runs here; PostgreSQL's own CPU is not counted): less
  // sensitive to a busy machine than orders/s.
  const cpu = process.cpuUsage(cpu0)
  const pg1 = pg0 === null ? null : postgresCpuMs()
  const pgNote =
    pg0 !== null && pg1 !== null ? `  postgres ${((pg1 - pg0) / ORDERS).toFixed(2)} ms/order` : ''
  const g1 = await groups()
  const groupNote =
    g1.n > g0.n ? `, ${g1.n - g0.n} groups of ${((g1.orders - g0.orders) / (g1.n - g0.n)).toFixed(1)}` : ''
  const cpuPerOrder = (cpu.user + cpu.system) / 1000 / ORDERS
  latencies.sort((a, b) => a - b)
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1)
  const trades = await db
    .selectFrom('spot_trade')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  // Ledger rows the run wrote (the users' funding before it was 2 entries and 4 postings each).
  const count = async (table: 'ledger_entry' | 'ledger_posting') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const entries = (await count('ledger_entry')) - 2 * USERS
  const postings = (await count('ledger_posting')) - 4 * USERS
  const sound = ledgerIsSound(await checkLedger(db))
  console.log(
    `${backend.name.padEnd(14)} metrics ${METRICS.length > 1 ? label.padEnd(3) : label}  clients ${String(clients).padStart(3)}  orders/s ${(ORDERS / secs).toFixed(0).padStart(5)}` +
      `  p50 ${pct(50)} ms  p99 ${pct(99)} ms  max ${pct(100)} ms  cpu ${cpuPerOrder.toFixed(2)} ms/order${pgNote}  (${ORDERS} orders, ${failures} refused, ${Number(trades.n)} fills, ${(entries / ORDERS).toFixed(2)} entries + ${(postings / ORDERS).toFixed(2)} postings per order${groupNote}, ledger ${sound ? 'sound' : 'NOT SOUND'})`,
  )
  await app.close()
  await db.destroy()
  await cleanup()
}

// BENCH_BACKEND=pglite or postgres measures one backend only.
const only = process.env.BENCH_BACKEND
for (const b of backends)
  if (!only || b.name.toLowerCase().startsWith(only.toLowerCase()))
    for (const c of CLIENTS) for (const m of METRICS) await run(b, c, m)
