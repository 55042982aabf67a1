/**
 * Live index feed: three local exchanges (binance, okx and bybit wire formats, tests/fakes) each
 * push a ticker 10 times a second for each of the 44 instruments (1,320 source messages a
 * second), read through ccxt.pro like production (one WebSocket per exchange). Reports:
 * - latency from a source message leaving the fake exchange to the index tick the feed publishes
 *   for it (the tick the realtime hub pushes on `tickers`, coalesced there to at most 10 a second);
 *   for each published tick, measured from the newest source message it includes;
 * - the node CPU per 1,000 source messages (this process: the fakes' sending is included, so the
 *   figure is an upper bound for the feed alone).
 * BENCH_SECONDS (default 20) sets the measured run, after a 10 s warm-up.
 */
import { IndexHealth } from '../server/market/index-health'
import { parseMarketDataConfig } from '../server/market/live/config'
import { LiveIndexFeed } from '../server/market/live/feed'
import { FakeExchange } from '../tests/fakes/exchanges'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const BASES = [
  ...['BTC', 'ETH', 'SOL', 'XRP', 'BNB', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT', 'LINK', 'AVAX'],
  ...['BCH', 'SHIB', 'TON', 'XLM', 'UNI', 'ATOM', 'ETC', 'FIL', 'NEAR', 'APT', 'ARB', 'OP'],
  ...['PBTC', 'PETH', 'PSOL', 'PXRP', 'PBNB', 'PDOGE', 'XAU', 'XAG', 'AAPL', 'TSLA', 'NVDA', 'MSFT'],
  ...['AMZN', 'GOOGL', 'META', 'EUR', 'GBP', 'JPY', 'AUD', 'CHF'],
]
const pairs = BASES.map((b) => `${b}/USDT`)

async function main() {
  const fakes = await Promise.all(
    (['binance', 'okx', 'bybit'] as const).map((id) => new FakeExchange(id, pairs).start()),
  )
  const price = new Map(pairs.map((p, i) => [p, 100 + i]))
  const config = parseMarketDataConfig({
    exchanges: Object.fromEntries(fakes.map((f) => [f.id, f.options()])),
    instruments: Object.fromEntries(
      BASES.map((b) => [
        `${b}USDT`,
        { sources: fakes.map((f) => ({ exchange: f.id, symbol: `${b}/USDT` })) },
      ]),
    ),
  })
  const health = new IndexHealth()
  const feed = new LiveIndexFeed(
    config,
    BASES.map((b) => ({ symbol: `${b}USDT`, pricePrecision: 4 })),
    health,
  )
  // When each burst of messages left the fakes, and per instrument the burst of the newest
  // message the feed has received.
  let burstAt = 0
  const newestSent = new Map<string, number>()
  const sink = (feed as unknown as { sink: { quote: (e: string, s: string, p: number, at: number) => void } })
    .sink
  const quote = sink.quote
  sink.quote = (e, s, p, at) => {
    newestSent.set(s.replace('/', ''), burstAt)
    quote(e, s, p, at)
  }
  const latencies: number[] = []
  let measuring = false
  feed.start((ticks) => {
    const now = performance.now()
    for (const t of ticks) {
      const sent = newestSent.get(t.symbol)
      if (measuring && sent !== undefined) latencies.push(now - sent)
    }
  })
  let k = 0
  const pump = setInterval(() => {
    k++
    for (const f of fakes) {
      for (const p of pairs) f.setPrice(p, ((price.get(p) ?? 100) * (1 + ((k % 7) - 3) * 1e-4)).toFixed(4))
    }
    burstAt = performance.now()
    for (const f of fakes) f.tick()
  }, 100)
  await new Promise((r) => setTimeout(r, 10_000))
  const subscribed = fakes.map((f) => pairs.filter((p) => f.subscribed(p)).length)
  measuring = true
  const cpu0 = process.cpuUsage()
  const msgs0 = feed.messages
  await new Promise((r) => setTimeout(r, SECONDS * 1000))
  const cpu = process.cpuUsage(cpu0)
  const msgs = feed.messages - msgs0
  measuring = false
  clearInterval(pump)
  await feed.close()
  await Promise.all(fakes.map((f) => f.close()))
  latencies.sort((a, b) => a - b)
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN
  const cpuMs = (cpu.user + cpu.system) / 1000
  console.log(`subscribed pairs per exchange: ${subscribed.join(', ')} of ${pairs.length}`)
  console.log(`source messages: ${msgs} in ${SECONDS} s (${Math.round(msgs / SECONDS)}/s)`)
  console.log(`index ticks published: ${latencies.length}`)
  console.log(`source message -> index tick: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms`)
  console.log(`node CPU: ${((cpuMs / msgs) * 1000).toFixed(1)} ms per 1,000 source messages`)
  process.exit(0)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
