/**
 * npm run bench:orders — durable order placement through the HTTP layer (app.inject: routing,
 * auth, validation, the spot use case and its transaction) on file-backed PGlite. Two users
 * trade BTCUSDT: limit orders around one price, about half of them crossing. Prints orders/s and
 * latency percentiles. Bounded: a fixed number of orders.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { migrate, openDb } from '../server/db/db'
import { move, postEntry } from '../server/ledger/ledger'
import { createSession } from '../server/modules/auth/sessions'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'))
const db = await openDb({ databaseUrl: null, dataDir })
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

const tokens = [await user(1), await user(2)]
let next = 0
const latencies: number[] = []
let failures = 0

async function worker(): Promise<void> {
  while (next < ORDERS) {
    const i = next++
    const side = i % 2 === 0 ? 'buy' : 'sell'
    const price = String(60000 + ((i * 7919) % 21) - 10)
    const t0 = process.hrtime.bigint()
    const res = await app.inject({
      method: 'POST',
      url: '/api/spot/order/place',
      headers: { authorization: `Bearer ${tokens[i % 2]}` },
      payload: { symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.01' },
    })
    latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
    if (res.json().code !== 200) failures++
  }
}

const start = performance.now()
await Promise.all(Array.from({ length: CONCURRENCY }, worker))
const secs = (performance.now() - start) / 1000
latencies.sort((a, b) => a - b)
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(1)
const trades = await db
  .selectFrom('spot_trade')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow()
console.log(
  `orders: ${ORDERS} placed through HTTP on PGlite (file), ${CONCURRENCY} in flight, ${failures} refused, ${Number(trades.n)} fills`,
)
console.log(
  `orders/s: ${(ORDERS / secs).toFixed(0)}   latency ms p50 ${pct(50)}  p99 ${pct(99)}  max ${pct(100)}`,
)
await app.close()
await db.destroy()
fs.rmSync(dataDir, { recursive: true, force: true })
