/**
 * Liquidation scan: 100,000 open BTC positions (random side, size, entry and leverage, cross
 * wallet = initial margin plus a random buffer), each with its exact liquidation price
 * (common/contract/liquidation.ts) in the scanner's sorted index. Then the index moves (a random
 * walk of small ticks, then a 5 % crash) and each scan finds the candidates and confirms every one
 * with the exact decimal rule (margin balance <= maintenance margin); a liquidated account leaves
 * the index, as its position is closed. Prints time per scan.
 */
import { accountRisk, crossLiquidationPrice, isLiquidatable } from '../common/contract/liquidation'
import { DEFAULT_TIERS_BTC, initialMargin, tiersWithCum } from '../common/contract/margin'
import { add, div, mul } from '../common/money/decimal'
import { LiquidationScanner } from '../server/engine/liquidation-scanner'

const N = Number(process.env.BENCH_POSITIONS ?? 100_000)
const tiers = tiersWithCum(DEFAULT_TIERS_BTC)
let seed = 7
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

interface Pos {
  side: 'long' | 'short'
  qty: string
  entry: string
  wallet: string
}
const positions = new Map<string, Pos>()
const scanner = new LiquidationScanner()
const t0 = performance.now()
for (let i = 0; i < N; i++) {
  const side = rand() < 0.5 ? 'long' : 'short'
  const qty = div(String(1 + Math.floor(rand() * 500)), '1000', 3)
  const entry = String(64_000 + Math.floor(rand() * 2_000))
  const lev = 1 + Math.floor(rand() * 100)
  const wallet = add(initialMargin(mul(qty, entry), lev, 6), String(Math.floor(rand() * 50)))
  const holder = `u${i}`
  positions.set(holder, { side, qty, entry, wallet })
  const leg = { qty, entry }
  const lp = crossLiquidationPrice({
    walletBalance: wallet,
    otherMm: '0',
    otherUpnl: '0',
    long: side === 'long' ? leg : null,
    short: side === 'short' ? leg : null,
    tiers,
    mark: entry,
  })
  scanner.set('BTC', holder, lp ? { price: Number(lp.price), direction: lp.direction } : null)
}
scanner.candidates('BTC', 65_000) // sorts once
const setup = performance.now() - t0

function scan(price: number): { ms: number; searchMs: number; candidates: number; liquidated: number } {
  const start = performance.now()
  const mark = price.toFixed(2)
  const found = scanner.candidates('BTC', price)
  const searchMs = performance.now() - start
  let liquidated = 0
  for (const h of found) {
    const p = positions.get(h) as Pos
    const r = accountRisk(p.wallet, [
      { symbol: 'BTC', side: p.side, qty: p.qty, entry: p.entry, mark, tiers },
    ])
    if (isLiquidatable(r.marginBalance, r.maintenance)) {
      liquidated++
      // Liquidated: its position is closed, so it leaves the index (as the service does).
      scanner.set('BTC', h, null)
    }
  }
  return { ms: performance.now() - start, searchMs, candidates: found.length, liquidated }
}

// Positions drawn already past their liquidation price at 65,000 go first (untimed).
const initial = scan(65_000).liquidated
const times: number[] = []
const search: number[] = []
let price = 65_000
let walked = 0
for (let i = 0; i < 500; i++) {
  price *= 1 + (rand() - 0.5) * 0.001
  const r = scan(price)
  times.push(r.ms)
  search.push(r.searchMs)
  walked += r.liquidated
}
times.sort((a, b) => a - b)
search.sort((a, b) => a - b)
const crash = scan(price * 0.95)
const pick = (list: number[], p: number) =>
  (list[Math.min(list.length - 1, Math.floor(p * list.length))] as number).toFixed(3)
console.log(
  `positions: ${N} (setup with exact liquidation prices: ${(setup / 1000).toFixed(1)} s; ${initial} already past theirs at the start, removed first)`,
)
console.log(
  `scan per new index price, 500 ticks of +/-0.05 % (${walked} liquidated on the way): p50 ${pick(times, 0.5)} ms, p99 ${pick(times, 0.99)} ms, max ${pick(times, 1)} ms; search alone p50 ${pick(search, 0.5)} ms, max ${pick(search, 1)} ms`,
)
console.log(
  `5 % crash: ${crash.ms.toFixed(1)} ms (search ${crash.searchMs.toFixed(2)} ms), ${crash.candidates} candidates confirmed exactly, ${crash.liquidated} liquidatable`,
)
