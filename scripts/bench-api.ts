/**
 * npm run bench:api — signed-request order placement (X-API-KEY, HMAC-SHA256; docs/api.md) beside
 * the session path (Bearer token), in one run on one app and database (file-backed PGlite, or
 * PostgreSQL with BENCH_BACKEND=postgres and DATABASE_URL). The two paths alternate in rounds
 * (session, signed, session, signed...) so a warming or busy machine weighs on both alike. Each
 * order is signed by the client as a program would (timestamp + METHOD + path + body). Prints
 * orders/s and p50/p99 per path and the signed path's cost over the session path.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { type Db, migrate, openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { move, postEntry } from '../server/ledger/ledger'
import { configureApiKeys, createKey, verifySignedRequest } from '../server/platform/api-keys/index'
import { createSession } from '../server/platform/identity/sessions'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const USERS = Number(process.env.BENCH_USERS ?? 20)

async function open(): Promise<{ db: Db; cleanup(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (process.env.BENCH_BACKEND === 'postgres' && url) {
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
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'))
  const db = await openDb({ databaseUrl: null, dataDir })
  return { db, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
}

interface Trader {
  token: string
  apiKey: string
  secret: string
}

async function main(): Promise<void> {
  configureApiKeys({ encryptionKey: randomBytes(32), rateLimitPerMinute: 10_000_000 })
  const { db, cleanup } = await open()
  await migrate(db)
  const config = {
    ...loadConfig({}),
    logLevel: 'silent',
    staticDir: '/nonexistent',
    rateLimitPerMinute: 10_000_000,
  }
  const app = await buildApp({ config, db })
  await app.ready()

  const traders: Trader[] = []
  for (let i = 0; i < USERS; i++) {
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
    ] as const)
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
    const s = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'bench' })
    const k = await createKey(db, id, { label: 'bench', type: 'hmac', scopes: ['spot:trade'], ips: [] })
    traders.push({ token: s.token, apiKey: k.apiKey, secret: k.secret as string })
  }

  let placed = 0
  async function round(signed: boolean): Promise<{ secs: number; latencies: number[]; refused: number }> {
    let next = 0
    let refused = 0
    const latencies: number[] = []
    async function client(): Promise<void> {
      while (next < ORDERS) {
        const i = next++
        const n = placed++
        const u = n % USERS
        const t = traders[u] as Trader
        const side = u % 2 === 0 ? 'buy' : 'sell'
        const price = String(60000 + ((n * 7919) % 21) - 10)
        const body = JSON.stringify({ symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.01' })
        const t0 = process.hrtime.bigint()
        let headers: Record<string, string>
        if (signed) {
          const ts = String(Date.now())
          const sig = createHmac('sha256', t.secret)
            .update(`${ts}POST/api/spot/order/place${body}`)
            .digest('hex')
          headers = { 'x-api-key': t.apiKey, 'x-api-timestamp': ts, 'x-api-signature': sig }
        } else headers = { authorization: `Bearer ${t.token}` }
        const res = await app.inject({
          method: 'POST',
          url: '/api/spot/order/place',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: body,
        })
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
        if (res.json().code !== 200) refused++
        void i
      }
    }
    const start = performance.now()
    await Promise.all(Array.from({ length: CLIENTS }, client))
    return { secs: (performance.now() - start) / 1000, latencies, refused }
  }

  const totals = {
    session: { secs: 0, lat: [] as number[], refused: 0 },
    signed: { secs: 0, lat: [] as number[], refused: 0 },
  }
  // Warm-up of both paths, not counted (first session and key reads, JIT).
  await round(false)
  await round(true)
  for (let r = 0; r < ROUNDS; r++)
    for (const signed of [false, true]) {
      const res = await round(signed)
      const t = signed ? totals.signed : totals.session
      t.secs += res.secs
      t.lat.push(...res.latencies)
      t.refused += res.refused
    }
  const report = (name: string, t: { secs: number; lat: number[]; refused: number }) => {
    t.lat.sort((a, b) => a - b)
    const pct = (p: number) => t.lat[Math.min(t.lat.length - 1, Math.floor((p / 100) * t.lat.length))] ?? 0
    const rate = t.lat.length / t.secs
    console.log(
      `${name.padEnd(8)} orders/s ${rate.toFixed(0).padStart(5)}  p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  (${t.lat.length} orders, ${t.refused} refused)`,
    )
    return { rate, p99: pct(99) }
  }
  console.log(
    `bench:api on ${process.env.BENCH_BACKEND === 'postgres' ? 'PostgreSQL' : 'PGlite (file)'}: ${CLIENTS} clients, ${ROUNDS} rounds of ${ORDERS} orders per path`,
  )
  const s = report('session', totals.session)
  const k = report('signed', totals.signed)
  // The key check alone (cached key, as in the rounds): what it adds to each order's share of the path.
  const t0 = traders[0] as Trader
  const CHECKS = 5000
  let checkNs = 0n
  for (let i = 0; i < CHECKS; i++) {
    const ts = String(Date.now())
    const body = `{"n":${i}}`
    const sig = createHmac('sha256', t0.secret).update(`${ts}POST/api/spot/order/place${body}`).digest('hex')
    const c0 = process.hrtime.bigint()
    await verifySignedRequest(db, {
      apiKey: t0.apiKey,
      timestamp: ts,
      recvWindow: undefined,
      signature: sig,
      method: 'POST',
      pathWithQuery: '/api/spot/order/place',
      body,
      ip: '127.0.0.1',
      scope: 'spot:trade',
    })
    checkNs += process.hrtime.bigint() - c0
  }
  const checkUs = Number(checkNs) / 1000 / CHECKS
  console.log(
    `signature check alone: ${checkUs.toFixed(1)} µs per request = ${((checkUs / (1e6 / s.rate)) * 100).toFixed(1)} % of the session path's time per order`,
  )
  const sound = ledgerIsSound(await checkLedger(db))
  console.log(
    `signed vs session: orders/s ${(((s.rate - k.rate) / s.rate) * 100).toFixed(1)} % lower, p99 ${(((k.p99 - s.p99) / s.p99) * 100).toFixed(1)} % higher; ledger ${sound ? 'sound' : 'NOT SOUND'}`,
  )
  await app.close()
  await db.destroy()
  await cleanup()
}

await main()
