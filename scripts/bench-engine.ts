/**
 * Matching engine throughput on one core: a stream of limit orders around a drifting mid, with
 * market orders and cancels mixed in (70 / 10 / 20). Prints orders per second.
 */
import { OrderBook, type Side } from '../server/engine/order-book'

const N = Number(process.env.BENCH_ORDERS ?? 2_000_000)
let seed = 42
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

function run(n: number): number {
  const book = new OrderBook()
  const live: number[] = []
  let mid = 1_000_000
  const t0 = process.hrtime.bigint()
  for (let id = 1; id <= n; id++) {
    const r = rand()
    const side: Side = rand() < 0.5 ? 'buy' : 'sell'
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
