/**
 * Matching engine on one core: a stream of limit orders around a drifting mid, with market
 * orders and cancels mixed in (70 / 10 / 20). Prints orders per second (an untimed run), then
 * p50 / p99 per operation from a second run that times each call.
 */
import { OrderBook, type Side } from '../server/engine/order-book'

const N = Number(process.env.BENCH_ORDERS ?? 2_000_000)
let seed = 42
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

type Op = 'limit' | 'market' | 'cancel'
const OPS: Op[] = ['limit', 'market', 'cancel']

/** Orders per second; with `timings`, each call's duration in ns is recorded by operation. */
function run(n: number, timings?: Record<Op, Float64Array>, counts?: Record<Op, number>): number {
  const book = new OrderBook()
  const live: number[] = []
  let mid = 1_000_000
  const t0 = process.hrtime.bigint()
  for (let id = 1; id <= n; id++) {
    const r = rand()
    const side: Side = rand() < 0.5 ? 'buy' : 'sell'
    const op: Op = r < 0.7 ? 'limit' : r < 0.8 ? 'market' : 'cancel'
    const start = timings ? process.hrtime.bigint() : 0n
    if (r < 0.7) {
      const off = Math.floor(rand() * 50) - 10
      const price = side === 'buy' ? mid - off : mid + off
      const res = book.placeLimit(id, side, price, 1 + Math.floor(rand() * 100))
      if (res.rested) live.push(id)
    } else if (r < 0.8) {
      book.placeMarket(id, side, 1 + Math.floor(rand() * 50))
    } else if (live.length) {
      const i = Math.floor(rand() * live.length)
      const victim = live[i] as number
      live[i] = live[live.length - 1] as number
      live.pop()
      book.cancel(victim)
    }
    if (timings && counts) timings[op][counts[op]++] = Number(process.hrtime.bigint() - start)
    if ((id & 1023) === 0) mid += Math.floor(rand() * 21) - 10
  }
  const ns = Number(process.hrtime.bigint() - t0)
  return n / (ns / 1e9)
}

run(200_000) // warm-up
const rate = run(N)
console.log(
  `engine: ${N.toLocaleString('en')} orders, ${Math.round(rate).toLocaleString('en')} orders/s (one core)`,
)

const timings = Object.fromEntries(OPS.map((o) => [o, new Float64Array(N)])) as Record<Op, Float64Array>
const counts: Record<Op, number> = { limit: 0, market: 0, cancel: 0 }
run(N, timings, counts)
for (const op of OPS) {
  const t = timings[op].subarray(0, counts[op]).sort()
  const at = (q: number) => (t[Math.min(t.length - 1, Math.floor(q * t.length))] ?? 0) / 1000
  console.log(
    `  ${op.padEnd(6)} ${counts[op].toLocaleString('en').padStart(9)} calls  p50 ${at(0.5).toFixed(2)} µs  p99 ${at(0.99).toFixed(2)} µs  max ${at(1).toFixed(1)} µs`,
  )
}
