/**
 * npm run bench:triggers — conditional spot orders under load (issue 38), on file-backed PGlite
 * (and PostgreSQL too when DATABASE_URL is set, in a throw-away schema).
 *
 * 1. The order path's latency (SpotService.place, 50 concurrent clients, BENCH_ORDERS orders,
 *    about half of them trading) on BTCUSDT with no resting stop.
 * 2. 100,000 stop-market sells rest on BTCUSDT (100 users, triggers 0.1 apart from 59,999.9
 *    down to 50,000.0; written in bulk with their freezes, then loaded by a fresh engine as a
 *    restart would).
 * 3. The same order path again, with the 100,000 stops resting (its trades happen above every
 *    trigger: each is looked at, nothing fires).
 * 4. A sweep: one sell takes the bid at 59,000.0, crossing 10,000 triggers; they fire, and are
 *    claimed and placed CLAIMS_PER_PASS per transaction (the first in the sweep's own), each
 *    selling into the bid. Reports the time until all are placed (with their ledger postings and
 *    rows) and the sweeping order's own latency, then checks 10,000 fired and the ledger.
 * Also the pure trigger book: 100,000 triggers, one price firing 10,000 (no I/O).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { type Db, migrate, openDb } from '../server/db/db'
import { OrderBook } from '../server/engine/order-book'
import { TriggerBook } from '../server/engine/trigger-book'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { fromDepositClearing, postEntry } from '../server/ledger/ledger'
import { providePorts } from '../server/modules'
import { SpotService } from '../server/modules/spot/service'
import { CLAIMS_PER_PASS } from '../server/modules/spot/trigger-state'

const STOPS = 100_000
const CROSSED = 10_000
const STOP_USERS = 100
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000)
const CLIENTS = 50
const SYMBOL = 'BTCUSDT'

async function credit(db: Db, holder: string, asset: string, amount: string): Promise<void> {
  await db.transaction().execute((trx) =>
    postEntry(trx, {
      reason: 'recharge',
      refType: 'bench',
      postings: fromDepositClearing({ holder, account: 'spot', asset }, amount),
    }),
  )
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}

/** ORDERS limit orders from CLIENTS concurrent clients; every other pair trades at 65,000. */
async function orderPath(
  spot: SpotService,
  traders: string[],
): Promise<{ p50: number; p99: number; rate: number }> {
  const lat: number[] = []
  let next = 0
  const t0 = performance.now()
  const client = async () => {
    for (let i = next++; i < ORDERS; i = next++) {
      const holder = traders[i % traders.length] as string
      const side = i % 2 === 0 ? 'sell' : 'buy'
      const crossing = i % 4 < 2
      const price = crossing ? '65000' : side === 'sell' ? `${70000 + (i % 500)}` : `${61000 - (i % 500)}`
      const s = performance.now()
      await spot.place(holder, { symbol: SYMBOL, side, type: 'limit', price, amount: '0.001' })
      lat.push(performance.now() - s)
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client))
  const secs = (performance.now() - t0) / 1000
  return { p50: pct(lat, 50), p99: pct(lat, 99), rate: ORDERS / secs }
}

/** 100,000 waiting stop-market sells and their freezes, written in bulk. */
async function restStops(db: Db, users: string[]): Promise<void> {
  const perUser = STOPS / users.length
  for (const u of users) {
    await credit(db, u, 'BTC', '1')
    await db.transaction().execute((trx) =>
      postEntry(trx, {
        reason: 'spot_freeze',
        refType: 'bench',
        postings: [
          { holder: u, account: 'spot', asset: 'BTC', bucket: 'available', amount: `-${perUser * 0.0001}` },
          { holder: u, account: 'spot', asset: 'BTC', bucket: 'frozen', amount: `${perUser * 0.0001}` },
        ],
      }),
    )
  }
  const CHUNK = 10_000
  for (let start = 0; start < STOPS; start += CHUNK) {
    await sql`
      insert into spot_order (holder, symbol, side, type, amount, maker_fee_rate, taker_fee_rate, locked,
        status, trigger_price, created_at, updated_at)
      select (${JSON.stringify(users)}::jsonb ->> (k % ${users.length}))::text, ${SYMBOL}, 'sell', 'stop_market',
        0.0001, 0.001, 0.001, 0.0001, 'waiting', 59999.9 - 0.1 * k, now(), now()
      from generate_series(${start}::int, ${Math.min(STOPS, start + CHUNK) - 1}::int) as k`.execute(db)
  }
}

/**
 * The engine alone (no I/O): 100,000 triggers in the trigger book, one price firing 10,000, each
 * placed as a market sell into a resting bid of the order book (what a pass does in memory).
 */
function pureBook(): { fireMs: number; firePlaceMs: number } {
  const b = new TriggerBook()
  for (let k = 0; k < STOPS; k++) b.addFixed(k + 1, 'down', 599_999 - k)
  const book = new OrderBook()
  book.add(STOPS + 1, 'buy', 590_000, CROSSED * 100 + 1, 'bid')
  const t0 = performance.now()
  const { fired } = b.onTrade(599_999 - (CROSSED - 1))
  const fireMs = performance.now() - t0
  for (const id of fired) book.placeMarket(id, 'sell', 100, null, `stop-${id % STOP_USERS}`)
  const firePlaceMs = performance.now() - t0
  if (fired.length !== CROSSED) throw new Error(`pure book fired ${fired.length}`)
  return { fireMs, firePlaceMs }
}

async function run(name: string, db: Db): Promise<void> {
  await migrate(db)
  const users = Array.from({ length: STOP_USERS }, () => randomUUID())
  const traders = Array.from({ length: 20 }, () => randomUUID())
  let n = 0
  for (const id of [...users, ...traders]) {
    n++
    await db
      .insertInto('users')
      .values({ id, password_hash: 'x', nickname: `bench${n}`, invite_code: `TRIG${n}` })
      .execute()
  }
  for (const t of traders) {
    await credit(db, t, 'BTC', '100')
    await credit(db, t, 'USDT', '10000000')
  }
  const spot = new SpotService(db)
  await spot.init()
  // The market's last price: 60,000.
  await spot.place(traders[0] as string, {
    symbol: SYMBOL,
    side: 'sell',
    type: 'limit',
    price: '60000',
    amount: '0.001',
  })
  await spot.place(traders[1] as string, {
    symbol: SYMBOL,
    side: 'buy',
    type: 'limit',
    price: '60000',
    amount: '0.001',
  })
  const without = await orderPath(spot, traders)

  await restStops(db, users)
  const restarted = new SpotService(db)
  await restarted.init()
  const withStops = await orderPath(restarted, traders)

  // Clear the bids the order path left above 59,000, then the bid the sweep and the fired
  // stops sell into, at 59,000.0 (the sweep trades there itself).
  for (const t of traders) await restarted.cancelAll(t, SYMBOL)
  await restarted.place(traders[2] as string, {
    symbol: SYMBOL,
    side: 'buy',
    type: 'limit',
    price: '59000',
    amount: '2',
  })
  const t0 = performance.now()
  await restarted.place(traders[3] as string, {
    symbol: SYMBOL,
    side: 'sell',
    type: 'limit',
    price: '59000',
    amount: '0.001',
  })
  const placeMs = performance.now() - t0
  // The transactions after it claim the rest (CLAIMS_PER_PASS each): wait until none is left.
  do await restarted.settled()
  while (restarted.triggers.unclaimed() > 0)
  const sweepMs = performance.now() - t0
  const fired = await db
    .selectFrom('spot_order')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('type', '=', 'stop_market')
    .where('triggered_at', 'is not', null)
    .executeTakeFirstOrThrow()
  const sound = ledgerIsSound(await checkLedger(db))
  const pure = pureBook()
  console.log(`\n${name}`)
  console.log(
    `  order path without stops: p50 ${without.p50.toFixed(1)} ms, p99 ${without.p99.toFixed(1)} ms, ${without.rate.toFixed(0)} orders/s`,
  )
  console.log(
    `  order path with ${STOPS.toLocaleString('en')} stops: p50 ${withStops.p50.toFixed(1)} ms, p99 ${withStops.p99.toFixed(1)} ms, ${withStops.rate.toFixed(0)} orders/s`,
  )
  console.log(
    `  sweep crossing ${CROSSED.toLocaleString('en')} stops: fired and placed ${fired.n} in ${sweepMs.toFixed(0)} ms (${Math.ceil(CROSSED / CLAIMS_PER_PASS)} transactions of at most ${CLAIMS_PER_PASS}; the sweeping order answered in ${placeMs.toFixed(0)} ms; ledger ${sound ? 'sound' : 'NOT SOUND'})`,
  )
  console.log(
    `  engine alone: ${CROSSED.toLocaleString('en')} of ${STOPS.toLocaleString('en')} fired in ${pure.fireMs.toFixed(1)} ms, fired and placed in ${pure.firePlaceMs.toFixed(1)} ms`,
  )
  if (Number(fired.n) !== CROSSED || !sound) process.exitCode = 1
}

async function main(): Promise<void> {
  providePorts()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-triggers-'))
  try {
    await run('PGlite (file)', await openDb({ databaseUrl: null, dataDir }))
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const url = process.env.DATABASE_URL
  if (url) {
    const schema = `bench_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    try {
      const db = await openDb({ databaseUrl: url, schema })
      await run('PostgreSQL', db)
      await db.destroy()
    } finally {
      await admin.query(`drop schema ${schema} cascade`)
      await admin.end()
    }
  }
  process.exit(process.exitCode ?? 0)
}

void main()
