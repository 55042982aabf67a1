import { EventEmitter } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Ticker } from '@common/market/types'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db'
import type { MarketData } from '../market/service'
import { RealtimeHub } from './hub'
import type { TickerUpdate } from './ticker-delta'

/** Just what the hub needs of the market for the `tickers` channel. */
class FakeMarket extends EventEmitter {
  readonly state = new Map<string, Ticker>()
  publicTickers(): Ticker[] {
    return [...this.state.values()]
  }
  set(t: Ticker): void {
    this.state.set(t.symbol, t)
    this.emit('publicTicker', t)
  }
}

interface Msg {
  ch: string
  seq: number
  data: TickerUpdate[]
}

const ticker = (symbol: string, last: string, ts: number, open = '1.00'): Ticker => ({
  symbol,
  last,
  open,
  high: '9.00',
  low: '0.50',
  change: '0.00',
  volume: '10',
  turnover: '100',
  index: '1.00',
  ts,
})

/** A subscriber that keeps the channel's state the way the app does: snapshot, then merged updates. */
function follow(s: Socket) {
  const view = new Map<string, Ticker>()
  let seq = -1
  const pending: Msg[] = []
  s.on('msg', (m: Msg) => {
    if (seq < 0) pending.push(m)
    else apply(m)
  })
  const apply = (m: Msg) => {
    if (m.seq <= seq) return
    expect(m.seq).toBe(seq + 1)
    seq = m.seq
    for (const u of m.data) view.set(u.symbol, { ...(view.get(u.symbol) as Ticker), ...u })
  }
  return {
    view,
    async subscribe() {
      const ack = (await s.emitWithAck('sub', 'tickers')) as { ok: boolean; seq: number; data: Ticker[] }
      expect(ack.ok).toBe(true)
      for (const t of ack.data) view.set(t.symbol, t)
      seq = ack.seq
      for (const m of pending.splice(0)) apply(m)
    },
  }
}

describe('realtime hub: tickers channel', () => {
  let server: Server
  let hub: RealtimeHub
  let url: string
  const market = new FakeMarket()
  const sockets: Socket[] = []
  const open = () => {
    const s = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false })
    sockets.push(s)
    return s
  }
  const settle = () => new Promise((r) => setTimeout(r, 250))

  beforeAll(async () => {
    server = createServer()
    hub = new RealtimeHub(server, { market: market as unknown as MarketData, db: {} as Db })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    for (const s of sockets) s.close()
    await hub.close()
    await new Promise((r) => server.close(r))
  })

  it('sends a burst as one message with only what changed, and snapshot + messages = the market', async () => {
    market.set(ticker('BTCUSDT', '70000.00', 1))
    market.set(ticker('ETHUSDT', '3000.00', 1))
    await settle()
    const early = open()
    const a = follow(early)
    await a.subscribe()
    const msgs: Msg[] = []
    early.on('msg', (m: Msg) => msgs.push(m))

    // One turn's burst: one message; the second BTC value wins; unchanged fields stay out.
    market.set(ticker('BTCUSDT', '70001.00', 2))
    market.set(ticker('ETHUSDT', '3001.00', 2))
    market.set(ticker('BTCUSDT', '70002.00', 2))
    await settle()
    expect(msgs).toHaveLength(1)
    expect(msgs[0]?.data).toEqual([
      { symbol: 'BTCUSDT', last: '70002.00', ts: 2 },
      { symbol: 'ETHUSDT', last: '3001.00', ts: 2 },
    ])

    // A late subscriber while a change waits for the interval, a change that then goes back to the
    // published value (so no message carries it), and a new symbol: every follower ends up
    // exactly where the market is.
    market.set(ticker('BTCUSDT', '70003.00', 5))
    await new Promise((r) => setImmediate(r))
    market.set(ticker('BTCUSDT', '70003.00', 5, '2.00'))
    const late = follow(open())
    await late.subscribe()
    market.set(ticker('BTCUSDT', '70003.00', 5))
    market.set(ticker('SOLUSDT', '150.000', 5))
    await settle()
    for (const f of [a, late]) expect(Object.fromEntries(f.view)).toEqual(Object.fromEntries(market.state))
  })
})
