/**
 * npm run bench:options: settles one 30 s BTC round holding 100,000 orders (BENCH_ORDERS) from
 * BENCH_HOLDERS holders (default: one order each), on PostgreSQL (DATABASE_URL, in a throw-away
 * schema) or on in-memory PGlite. The orders and their frozen principal are set up through the
 * ledger in bulk (untimed); the timed part is the settling transaction (OptionService.settleRoundTx,
 * set-based: the claim of every order, its ledger entry — win: principal back + profit from the
 * pool; lose: principal to the pool — and the round's proof), then, timed apart, the notifications
 * written after the commit. Then the ledger invariant is checked over the whole history.
 * PostgreSQL: DATABASE_URL=postgres://... npm run bench:options
 */
import { randomBytes } from 'node:crypto'
import { add, sum } from '@common/money/decimal'
import { buyableRoundStart, feeOf, worstCase } from '@common/option/rules'
import { sql } from 'kysely'
import pg from 'pg'
import { migrate, openDb } from '../server/db/db'
import { checkLedger, ledgerIsSound } from '../server/ledger/check'
import { LedgerBatch } from '../server/ledger/ledger'
import { FEES, optionKey } from '../server/modules/option/pool'
import { optionService } from '../server/modules/option/service'
import { notifyRound } from '../server/modules/option/settle'

const N = Number(process.env.BENCH_ORDERS ?? 100_000)
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? N)
const url = process.env.DATABASE_URL ?? null
let drop: (() => Promise<void>) | null = null
let schema: string | undefined
if (url) {
  schema = `bench_${randomBytes(5).toString('hex')}`
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  await c.query(`create schema ${schema}`)
  await c.end()
  drop = async () => {
    const d = new pg.Client({ connectionString: url })
    await d.connect()
    await d.query(`drop schema ${schema} cascade`)
    await d.end()
  }
}
const db = await openDb(url ? { databaseUrl: url, schema } : { databaseUrl: null, dataDir: null })
try {
  await migrate(db)
  const svc = optionService(db)
  await svc.init()
  const setting = svc.setting('BTCUSDT', 30)
  if (!setting) throw new Error('no BTCUSDT 30 s setting')
  const start = buyableRoundStart(Date.now() - 120_000, 30, setting.cutoff)
  const round = await svc.ensureRound(db, setting, start)

  // Set-up (untimed): each holder gets its principal + fee from deposit clearing, then its orders.
  let seed = 11
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
  const _types = ['up', 'down', 'flat'] as const
  const orders = Array.from({ length: N }, (_, i) => {
    const amount = String(10 + Math.floor(rand() * 90))
    // A pool-safe book: mostly up/down, few flat.
    const r = rand()
    return {
      holder: `bench-${i % HOLDERS}`,
      type: r < 0.48 ? 'up' : r < 0.96 ? 'down' : 'flat',
      amount,
    } as const
  })
  const t0 = performance.now()
  const byHolder = new Map<string, string>()
  for (const o of orders)
    byHolder.set(o.holder, add(byHolder.get(o.holder) ?? '0', add(o.amount, feeOf(o.amount, round.fee_rate))))
  await db.transaction().execute(async (trx) => {
    // The holders are users (their notifications reference them).
    await sql`insert into users (id, password_hash, nickname, invite_code)
      select h, 'x', h, 'inv-' || h from json_array_elements_text(${JSON.stringify([...byHolder.keys()])}::json) as h`.execute(
      trx,
    )
    const batch = new LedgerBatch(trx)
    const clearing = { holder: 'system', account: 'deposit_clearing', asset: 'USDT' }
    await batch.lock([clearing, FEES, ...[...byHolder.keys()].map(optionKey)])
    const total = sum([...byHolder.values()])
    const fees = sum(orders.map((o) => feeOf(o.amount, round.fee_rate)))
    batch.post({
      reason: 'recharge',
      refType: 'bench',
      postings: [
        { ...clearing, bucket: 'available', amount: `-${total}` },
        { ...FEES, bucket: 'available', amount: fees },
        ...orders.map((o) => ({ ...optionKey(o.holder), bucket: 'frozen' as const, amount: o.amount })),
      ],
    })
    await batch.flush()
    const rows = orders.map((o) => ({
      holder: o.holder,
      type: o.type,
      amount: o.amount,
      fee: feeOf(o.amount, round.fee_rate),
      rate: round[`${o.type}_rate`],
    }))
    await sql`insert into option_order (holder, round_id, symbol, period, type, amount, fee, rate)
      select v.holder, ${round.id}, 'BTCUSDT', 30, v.type, v.amount, v.fee, v.rate
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(holder text, type text, amount numeric, fee numeric, rate numeric)`.execute(
      trx,
    )
    const book = { up: '0', down: '0', flat: '0' }
    for (const o of orders) book[o.type] = add(book[o.type], o.amount)
    const rates = { up: round.up_rate, down: round.down_rate, flat: round.flat_rate }
    await trx
      .updateTable('option_round')
      .set({
        book_up: book.up,
        book_down: book.down,
        book_flat: book.flat,
        exposure: worstCase(book, rates),
        orders: N,
      })
      .where('id', '=', round.id)
      .execute()
  })
  await svc.recordTicks([
    { symbol: 'BTCUSDT', sec: start, price: '65000', ts: start * 1000 + 400 },
    { symbol: 'BTCUSDT', sec: start + 30, price: '65100', ts: (start + 30) * 1000 + 400 },
  ])
  const setupMs = performance.now() - t0
  const poolBefore = await svc.pool()

  const t1 = performance.now()
  const r = await svc.settleRoundTx(round.id)
  const ms = performance.now() - t1
  const t3 = performance.now()
  const notified = r ? await notifyRound(db, r.round) : 0
  const notifyMs = performance.now() - t3
  const again = await svc.settleRound(round.id)
  const poolAfter = await svc.pool()

  const t2 = performance.now()
  const report = await checkLedger(db)
  const checkMs = performance.now() - t2
  const sound = ledgerIsSound(report)
  console.log(
    `options bench on ${url ? 'PostgreSQL' : 'PGlite'}: ${N} orders of one round, ${byHolder.size} holders`,
  )
  console.log(`  set-up (untimed): ${setupMs.toFixed(0)} ms`)
  console.log(`  settle round (${r?.result}, ${r?.orders} orders): ${ms.toFixed(0)} ms  [goal < 1000 ms]`)
  console.log(`  notifications after the commit (${notified} rows, one statement): ${notifyMs.toFixed(0)} ms`)
  console.log(
    `  second settle of the same round: ${again === null ? 'nothing to do (exactly once)' : 'SETTLED AGAIN'}`,
  )
  console.log(
    `  pool ${poolBefore.balance} -> ${poolAfter.balance} (never below 0: ${Number(poolAfter.balance) >= 0})`,
  )
  console.log(
    `  ledger:check ${checkMs.toFixed(0)} ms: ${report.entries} entries, ${report.postings} postings, ${sound ? 'OK' : 'BROKEN'}`,
  )
  if (!sound || again !== null || !r) process.exitCode = 1
} finally {
  await db.destroy()
  if (drop) await drop()
}
