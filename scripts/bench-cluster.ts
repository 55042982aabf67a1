/**
 * npm run bench:cluster — durable order placement through real HTTP (loopback, keep-alive) on
 * PostgreSQL: one ROLE=all process against 2 gateways + 2 cores (Redis between them), each on a
 * fresh database next to DATABASE_URL's. Clients spread limit orders that rest (no fills) over
 * four markets, so in the cluster both cores work; every client alternates gateways. Prints
 * orders/s, latency percentiles and the CPU each process used (from /proc) per order, so the
 * scaling can be extrapolated on a machine with more cores. Needs DATABASE_URL and REDIS_URL.
 * BENCH_ORDERS (default 3000) and BENCH_CLIENTS (default 64) size a run.
 */

import http from 'node:http'
import { sql } from 'kysely'
import { io, type Socket } from 'socket.io-client'
import { openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { freshDatabase, fundedUser } from '../tests/cluster/helpers'
// @ts-expect-error plain ES module shared with npm run cluster
import { startCluster, startNode, waitHttp } from './cluster-lib.mjs'
import { postgresCpuMs, processCpuMs } from './proc-cpu'

const DATABASE_URL = process.env.DATABASE_URL
const REDIS_URL = process.env.REDIS_URL
if (!DATABASE_URL || !REDIS_URL) {
  console.error('bench:cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis)')
  process.exit(1)
}
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64)
const USERS = 16
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT']
const env = { BACKFILL_DAYS: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000000' }

interface Proc {
  name: string
  child: { pid: number }
}

/**
 * The clients' HTTP: node:http with keep-alive sockets. fetch cost the bench about 1.3 ms of CPU
 * per order, more than the server it measures, on the same two cores.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
function postJson(port: number, path: string, token: string, body: string): Promise<{ code: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let data = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          data += chunk
        })
        res.on('end', () => {
          try {
            resolve(JSON.parse(data) as { code: number })
          } catch (err) {
            reject(err)
          }
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function measure(label: string, ports: number[], procs: Proc[], dbUrl: string): Promise<void> {
  const db = await openDb({ databaseUrl: dbUrl, dataDir: '/nonexistent' })
  const users: { id: string; token: string }[] = []
  const assets = [
    ['USDT', '100000000'],
    ...SYMBOLS.map((s) => [s.replace('USDT', ''), '1000000'] as const),
  ] as const
  for (let i = 0; i < USERS; i++) users.push(await fundedUser(db, `bench${i}`, assets))
  // Prices far from the market on both sides: every order rests, none fills.
  const tickers = (await (await fetch(`http://127.0.0.1:${ports[0]}/api/market/tickers`)).json()).data as {
    symbol: string
    index: string
  }[]
  // The index: a market's own last price is null until it trades.
  const last = new Map(tickers.map((t) => [t.symbol, Number(t.index)]))
  let next = 0
  let failures = 0
  const codes = new Map<number, number>()
  const lat: number[] = []
  const client = async (k: number) => {
    while (next < ORDERS) {
      const i = next++
      const u = users[i % USERS] as { token: string }
      const symbol = SYMBOLS[i % SYMBOLS.length] as string
      const mid = last.get(symbol) ?? 100
      const buy = i % 2 === 0
      const price = (mid * (buy ? 0.5 : 1.5) + (i % 20) * mid * 0.001).toFixed(2)
      const amount = (40 / mid).toFixed(4)
      const t0 = performance.now()
      const body = await postJson(
        ports[(i + k) % ports.length] as number,
        '/api/spot/order/place',
        u.token,
        JSON.stringify({ symbol, side: buy ? 'buy' : 'sell', type: 'limit', price, amount }),
      )
      lat.push(performance.now() - t0)
      if (body.code !== 200) {
        failures++
        codes.set(body.code, (codes.get(body.code) ?? 0) + 1)
      }
    }
  }
  const cpu0 = new Map(procs.map((p) => [p.name, processCpuMs(p.child.pid) ?? 0]))
  // Transactions of the database (all processes), as PostgreSQL counts them: flushed by each
  // backend within a second, so read again after a pause.
  const xacts = async () => {
    const { rows } = await sql<{ n: string }>`
      select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`.execute(
      db,
    )
    return Number(rows[0]?.n ?? 0)
  }
  const x0 = await xacts()
  const pg0 = postgresCpuMs() ?? 0
  const self0 = process.cpuUsage()
  const start = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)))
  const secs = (performance.now() - start) / 1000
  const pgCpu = (postgresCpuMs() ?? 0) - pg0
  const self = process.cpuUsage(self0)
  const clientCpu = (self.user + self.system) / 1000
  await new Promise((r) => setTimeout(r, 1500))
  const perOrder = ((await xacts()) - x0) / ORDERS
  lat.sort((a, b) => a - b)
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))]?.toFixed(1)
  console.log(
    `${label.padEnd(22)} orders/s ${(ORDERS / secs).toFixed(0).padStart(5)}  p50 ${pct(50)} ms  p99 ${pct(99)} ms  max ${pct(100)} ms  (${ORDERS} orders, ${CLIENTS} clients, ${perOrder.toFixed(2)} transactions/order, ${failures} refused${failures ? ` ${JSON.stringify(Object.fromEntries(codes))}` : ''})`,
  )
  for (const p of procs) {
    const used = (processCpuMs(p.child.pid) ?? 0) - (cpu0.get(p.name) ?? 0)
    console.log(
      `    ${p.name.padEnd(20)} cpu ${(used / 1000).toFixed(1)} s = ${((used / 1000 / secs) * 100).toFixed(0)} % of a core, ${(used / ORDERS).toFixed(2)} ms/order`,
    )
  }
  console.log(
    `    ${'postgres (all)'.padEnd(20)} cpu ${(pgCpu / 1000).toFixed(1)} s = ${((pgCpu / 1000 / secs) * 100).toFixed(0)} % of a core, ${(pgCpu / ORDERS).toFixed(2)} ms/order`,
  )
  // The HTTP clients share the machine: what they cost is CPU the server did not have.
  console.log(
    `    ${'bench client'.padEnd(20)} cpu ${(clientCpu / 1000).toFixed(1)} s = ${((clientCpu / 1000 / secs) * 100).toFixed(0)} % of a core, ${(clientCpu / ORDERS).toFixed(2)} ms/order`,
  )
  await db.destroy()
}

/**
 * Socket fan-out: BENCH_SOCKETS (4,000) websocket clients spread over the ports, each subscribed
 * to the tickers channel, for BENCH_FANOUT_MS (10 s): messages delivered per second and delivery
 * delay (server send time to receipt). The clients live in this process, so its own load shows
 * up in the delay: a bound from above, for comparing the two layouts.
 */
async function fanout(label: string, ports: number[], procs: Proc[]): Promise<void> {
  const n = Number(process.env.BENCH_SOCKETS ?? 4000)
  const ms = Number(process.env.BENCH_FANOUT_MS ?? 10_000)
  const sockets: Socket[] = []
  for (let i = 0; i < n; i++) {
    const s = io(`http://127.0.0.1:${ports[i % ports.length]}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    })
    sockets.push(s)
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50))
  }
  await Promise.all(
    sockets.map((s) => (s.connected ? null : new Promise<void>((r) => s.once('connect', () => r())))),
  )
  let recording = false
  let received = 0
  const delays: number[] = []
  for (const s of sockets)
    s.on('msg', (m: { ts: number }) => {
      if (!recording) return
      received++
      delays.push(Date.now() - m.ts)
    })
  await Promise.all(sockets.map((s) => s.timeout(30_000).emitWithAck('sub', 'tickers')))
  const cpu0 = new Map(procs.map((p) => [p.name, processCpuMs(p.child.pid) ?? 0]))
  recording = true
  await new Promise((r) => setTimeout(r, ms))
  recording = false
  delays.sort((a, b) => a - b)
  const pct = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? 0
  console.log(
    `${label.padEnd(22)} fan-out ${n} sockets: ${(received / (ms / 1000)).toFixed(0)} messages/s  delay p50 ${pct(50)} ms  p99 ${pct(99)} ms`,
  )
  for (const p of procs) {
    const used = (processCpuMs(p.child.pid) ?? 0) - (cpu0.get(p.name) ?? 0)
    console.log(`    ${p.name.padEnd(20)} cpu ${((used / ms) * 100).toFixed(0)} % of a core`)
  }
  for (const s of sockets) s.close()
}

async function single(): Promise<void> {
  const database = await freshDatabase(DATABASE_URL as string)
  const node = startNode({
    role: 'all',
    port: 9890,
    name: 'all',
    env: { ...env, DATABASE_URL: database.url, REDIS_URL: '' },
  })
  try {
    await waitHttp('http://127.0.0.1:9890/api/health')
    await new Promise((r) => setTimeout(r, 3000))
    await measure('ROLE=all (1 process)', [9890], [node], database.url)
    await fanout('ROLE=all (1 process)', [9890], [node])
  } finally {
    await new Promise((r) => {
      node.child.once('exit', r)
      node.child.kill('SIGTERM')
    })
    const db = await openDb({ databaseUrl: database.url, dataDir: '/nonexistent' })
    console.log(`    ledger ${ledgerIsSound(await checkLedger(db)) ? 'sound' : 'NOT SOUND'}`)
    await db.destroy()
    await database.drop()
  }
}

async function cluster(): Promise<void> {
  const database = await freshDatabase(DATABASE_URL as string)
  const c = await startCluster({
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    basePort: 9800,
    name: `bench${process.pid}`,
    logDir: 'test-results/bench-cluster-logs',
    env,
  })
  try {
    // Both cores own their share of the markets before measuring.
    await new Promise((r) => setTimeout(r, 6000))
    const gws = c.nodes
      .filter((n: { role: string }) => n.role === 'gateway')
      .map((n: { port: number }) => n.port)
    await measure('2 gateways + 2 cores', gws, c.nodes, database.url)
    await fanout('2 gateways + 2 cores', gws, c.nodes)
  } finally {
    await c.stop()
    const db = await openDb({ databaseUrl: database.url, dataDir: '/nonexistent' })
    console.log(`    ledger ${ledgerIsSound(await checkLedger(db)) ? 'sound' : 'NOT SOUND'}`)
    await db.destroy()
    await database.drop()
  }
}

console.log(
  `bench:cluster on ${process.env.BENCH_MACHINE ?? `${(await import('node:os')).cpus().length} CPUs`}`,
)
await single()
await cluster()
process.exit(0)
