// npm run bench:socket — socket.io clients subscribed to the tickers channel of a real server on
// loopback: messages/s delivered and delivery latency (server send time -> client receipt) at
// 1,000 and 2,000 clients. The server runs the simulated feed at 10 ticks/s (INDEX_TICK_MS=100)
// so each client is offered 10 messages/s. Bounded: it stops itself after the two rounds.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { io, type Socket } from 'socket.io-client'

const LEVELS = [1000, 2000]
const MEASURE_MS = 10_000
const HARD_LIMIT_MS = 240_000

const port = 4800 + Math.floor(Math.random() * 500)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-socket-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    BACKFILL_DAYS: '1',
    INDEX_TICK_MS: '100',
    RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})
const hard = setTimeout(() => {
  console.error('bench:socket: time limit reached, stopping')
  finish(1)
}, HARD_LIMIT_MS)

function finish(code: number): never {
  clearTimeout(hard)
  for (const s of sockets) s.close()
  server.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code)
}

const sockets: Socket[] = []
let recording = false
let received = 0
let latencies: number[] = []

async function waitHealthy(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('server did not start')
}

function connectOne(): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
    })
    sockets.push(s)
    s.on('msg', (m: { ts: number }) => {
      if (!recording) return
      received++
      latencies.push(Date.now() - m.ts)
    })
    s.on('connect_error', reject)
    s.on('connect', () => resolve())
  })
}

async function connectMany(n: number): Promise<void> {
  // In waves, so the handshakes do not all land in the same tick.
  for (let i = 0; i < n; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, n - i) }, connectOne))
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

try {
  await waitHealthy()
  const rows: string[] = []
  for (const level of LEVELS) {
    // Connect while nobody is subscribed (so handshakes are not starved), then subscribe all.
    await Promise.all(sockets.map((s) => s.emit('unsub', 'tickers')))
    await connectMany(level - sockets.length)
    await Promise.all(sockets.map((s) => s.emitWithAck('sub', 'tickers')))
    await new Promise((r) => setTimeout(r, 1000))
    received = 0
    latencies = []
    recording = true
    await new Promise((r) => setTimeout(r, MEASURE_MS))
    recording = false
    const sorted = latencies.sort((a, b) => a - b)
    const perSec = received / (MEASURE_MS / 1000)
    rows.push(
      `${String(level).padStart(5)} clients: ${perSec.toFixed(0).padStart(6)} msg/s delivered (${(perSec / level).toFixed(1)} per client), latency p50 ${pct(sorted, 50)} ms, p99 ${pct(sorted, 99)} ms, max ${sorted.at(-1) ?? 0} ms`,
    )
    console.log(rows.at(-1))
  }
  console.log('goal: p99 <= 100 ms at 2,000 clients x 10 msg/s (clients and server share this machine)')
  finish(0)
} catch (err) {
  console.error(err)
  finish(1)
}
